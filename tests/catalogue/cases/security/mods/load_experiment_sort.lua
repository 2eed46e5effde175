-- The experiment runs in a comparator of table.sort.
local marker = require "mods.marker"
local done = false
table.sort({ 3, 1, 2 }, function(a, b)
  if not done then
    done = true
    experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
                 kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
  end
  return a < b
end)
return {}

-- A finalizer set while loading, left for the collector to run at some later point.
local marker = require "mods.marker"
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
setmetatable({}, { __gc = function() evil(marker) end })
return {}

-- The experiment runs in an xpcall message handler.
local marker = require "mods.marker"
local ok, err = xpcall(error, function()
  local ok2, err2 = pcall(experiment, { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
                                        kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } })
  return ok2 and "ran" or err2
end, "x")
if err ~= "ran" then error(err, 0) end
return {}

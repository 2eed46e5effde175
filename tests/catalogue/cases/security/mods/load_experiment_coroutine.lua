-- The experiment runs inside a coroutine the library starts while loading.
local marker = require "mods.marker"
local co = coroutine.create(function()
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end)
local ok, err = coroutine.resume(co)
if not ok then error(err, 0) end
return {}

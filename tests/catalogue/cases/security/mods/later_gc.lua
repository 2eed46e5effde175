-- An object whose finalizer runs library code whenever the collector gets to it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
local M = {}
function M.run(marker)
  setmetatable({}, { __gc = function() evil(marker) end })
end
return M

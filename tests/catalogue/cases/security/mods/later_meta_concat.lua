-- An object whose metamethod runs library code when the script merely uses it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
local M = {}
function M.object(marker)
  return setmetatable({}, { __concat = function() evil(marker) return "obj" end })
end
return M

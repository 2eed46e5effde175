-- A higher-order helper: calls the function it is given once per size. It acts on nothing itself.
local M = {}
function M.for_each(sizes, f)
  for _, n in ipairs(sizes) do f(n) end
end
return M

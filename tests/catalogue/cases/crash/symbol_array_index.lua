-- The __index of a symbolic list parameter called with a string (debug reaches the metatable):
-- refused before the string is read as the list's userdata.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/symbol_array_index\.lua:7: this operation is not defined on a symbolic value$
local seen
local k = kernel { name = "k", params = { v = { 1, 2 } }, model = function(k, p)
  if is_symbolic(p) and seen == nil then seen = select(2, pcall(debug.getmetatable(k.v).__index, "x", 1)) or "no error" end
  return p end }
experiment { name = "x", kernel = k, procs = { 1, 2 } }
error(seen, 0)

-- The __index of a symbolic list parameter called with a string (debug reaches the metatable).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/symbol_array_index\.lua:6: 
local k = kernel { name = "k", params = { v = { 1, 2 } }, model = function(k, p)
  local mt = debug.getmetatable(k.v)
  return mt.__index("x", 1) + p end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

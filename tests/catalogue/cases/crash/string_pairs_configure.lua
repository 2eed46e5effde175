-- __pairs on strings, so that a kernel whose params became a string could be configured: strings'
-- metatable is out of reach (getmetatable("") is false), so no native ever meets such a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/string_pairs_configure\.lua:5: attempt to index a boolean value
getmetatable("").__pairs = function() return next, {} end
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.params = "hostile"
local c = k { m = 2 }  -- <-

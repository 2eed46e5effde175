-- __pairs on strings lets a kernel whose params became a string be configured: the native that
-- names the missing parameter gets a string where a table was.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/string_pairs_configure\.lua:8: kernel 'k' has no parameter 'm'
getmetatable("").__pairs = function() return next, {} end
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.params = "hostile"
local c = k { m = 2 }  -- <-

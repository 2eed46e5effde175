-- A kernel's params replaced by a string with __pairs on strings, then run: strings' metatable is
-- out of reach (getmetatable("") is false), so no native ever meets such a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/string_params_experiment\.lua:5: attempt to index a boolean value
getmetatable("").__pairs = function() return next, {} end
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.params = "hostile"
experiment { name = "x", kernel = k, procs = { 1, 2 } }  -- <-

-- A kernel's params replaced by a string after kernel{}, then run: the model's view copies params.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/string_params_experiment\.lua:7: field 'kernel': the kernel's params is a string
getmetatable("").__pairs = function() return next, {} end
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
k.params = "hostile"
experiment { name = "x", kernel = k, procs = { 1, 2 } }  -- <-

-- fit{} of a parameter name holding a newline: the message quotes it escaped, on one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/fit_param_newline\.lua:5: field 'params': kernel 'k' has no numeric parameter 'n\\nm'
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
fit { name = "f", kernel = k, params = { "n\nm" }, data = { { p = 2, n = 362, time = 1.9 } } }  -- <-

-- Arithmetic on a missing parameter inside the model.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/runtime_error\.lua:5: .*(arithmetic|nil)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return k.nn / p end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

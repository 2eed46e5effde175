-- error(nil) inside a model.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/error_nil\.lua:5: .*(nil|error)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) error(nil) end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

-- A model whose term is 1/0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/inf_time\.lua:5: .*(inf|finite)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = k.n / p, comm = 1/0 } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

-- A model whose term is 0/0: an error naming the term, at the model's line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/nan_time\.lua:5: .*NaN
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = k.n / p, comm = 0/0 } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

-- A model giving a negative time.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/negative_time\.lua:5: .*negative
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = -k.n / p } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

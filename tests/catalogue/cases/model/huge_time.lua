-- A model whose time overflows to infinity (1e308 * n).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/huge_time\.lua:5: .*(inf|finite|overflow|range)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = 1e308 * k.n / p } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

-- A memory function giving negative bytes under memory_bound.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/memory_negative\.lua:(5|7): .*memory
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  memory = function(k) return -8 * k.n end,  -- <-
  model = function(k, p, m) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, scale = memory_bound { per_proc = 1e6 } }

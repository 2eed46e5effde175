-- memory_bound on a kernel without a memory function.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/memory_missing\.lua:6: .*memory
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, scale = memory_bound { per_proc = 1e6 } }  -- <-

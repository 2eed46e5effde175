-- The work function gives NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/work_nan\.lua:(4|6): .*(NaN|nan|finite|work)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return 0/0 end,  -- <-
  model = function(k, p, m) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, scale = isospeed { speed = 1e6 } }

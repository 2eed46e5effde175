-- The work function raises.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/work_error\.lua:4: .*no work
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) error("no work") end,  -- <-
  model = function(k, p, m) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, scale = isospeed { speed = 1e6 } }

-- isospeed needs the work W; the kernel has none.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/isospeed_no_work\.lua:5: .*work
local k = kernel { name = "m", size = "n", params = { n = 100 }, model = function(k, p, m) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, scale = isospeed { speed = 1e6 } }  -- <-

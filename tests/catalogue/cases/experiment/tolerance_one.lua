-- tolerance = 1 (not a fraction).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/tolerance_one\.lua:5: .*tolerance
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, tolerance = 1 }  -- <-

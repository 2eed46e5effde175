-- repeats = 2.5.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/repeats_fraction\.lua:5: .*repeats
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, repeats = 2.5 }  -- <-

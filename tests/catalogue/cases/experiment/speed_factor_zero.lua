-- speed_factor = 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/speed_factor_zero\.lua:5: .*speed_factor
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, speed_factor = 0 }  -- <-

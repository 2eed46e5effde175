-- scale given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/scale_string\.lua:5: .*scale
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, scale = "isospeed" }  -- <-

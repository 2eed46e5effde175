-- A fractional processor count.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_fraction\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2.5 } }  -- <-

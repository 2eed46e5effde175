-- A processor count of 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_zero\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 0, 2 } }  -- <-

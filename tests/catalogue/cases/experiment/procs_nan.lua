-- A processor count of NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_nan\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 0/0 } }  -- <-

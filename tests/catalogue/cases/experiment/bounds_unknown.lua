-- bounds with a field that is not T, E, B.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/bounds_unknown\.lua:5: .*unknown field
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, bounds = { X = 1 } }  -- <-

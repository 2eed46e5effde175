-- A processor count of 1e308.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_1e308\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 1e308 } }  -- <-

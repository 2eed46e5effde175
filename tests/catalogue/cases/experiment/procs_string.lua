-- A processor count given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_string\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, "two" } }  -- <-

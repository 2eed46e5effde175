-- procs given as a number, not a list.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_number\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = 4 }  -- <-

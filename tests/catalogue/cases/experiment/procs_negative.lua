-- A negative processor count.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_negative\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, -2 } }  -- <-

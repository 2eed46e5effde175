-- A processor count of 2^63.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_2p63\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2^63 } }  -- <-

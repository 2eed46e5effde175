-- A processor count of inf (today a row of inf ... E 0).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_inf\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 1/0 } }  -- <-

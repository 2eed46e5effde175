-- The same processor count twice.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_duplicate\.lua:5: .*(duplicate|twice).*
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2, 2 } }  -- <-

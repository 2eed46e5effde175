-- machine given as a name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/machine_string\.lua:5: .*machine
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = "ksr1", procs = { 1, 2 } }  -- <-

-- rlsp's model asks the machine for its rings; without a machine the error names the experiment's line, not the kernel file.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/no_machine\.lua:5: .*machine
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 } }  -- <-

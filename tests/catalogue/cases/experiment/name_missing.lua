-- experiment{} without a name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/name_missing\.lua:5: .*name
local rlsp = require "kernels.rlsp"
experiment { kernel = rlsp, procs = { 1, 2 } }  -- <-

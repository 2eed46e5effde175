-- An empty procs list.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/procs_empty\.lua:5: .*procs
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = {} }  -- <-

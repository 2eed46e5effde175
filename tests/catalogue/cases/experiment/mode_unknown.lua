-- A mode that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/mode_unknown\.lua:5: .*mode
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, mode = "guess" }  -- <-

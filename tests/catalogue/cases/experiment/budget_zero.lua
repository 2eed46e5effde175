-- budget = 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/budget_zero\.lua:5: .*budget
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, budget = 0 }  -- <-

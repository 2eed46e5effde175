-- sets given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/sets_number\.lua:5: .*sets
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, sets = 3 }  -- <-

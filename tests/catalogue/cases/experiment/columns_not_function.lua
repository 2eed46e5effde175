-- A column that is a number, not a function.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/columns_not_function\.lua:5: .*(columns|function)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, columns = { rows = 5 } }  -- <-

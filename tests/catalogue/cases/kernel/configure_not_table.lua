-- A kernel configured with a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/configure_not_table\.lua:5: .*table
local rlsp = require "kernels.rlsp"
local k = rlsp(5)  -- <-

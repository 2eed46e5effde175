-- error({}) in a column: one line with the position.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/error_table\.lua:6: .*(error object|table)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) error({}) end } }  -- <-

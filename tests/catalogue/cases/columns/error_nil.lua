-- error(nil) in a column.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/error_nil\.lua:6: .*(nil|error)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) error(nil) end } }  -- <-

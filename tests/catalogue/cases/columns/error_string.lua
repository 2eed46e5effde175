-- A column function raising its own message.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/error_string\.lua:6: .*column broke
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) error("column broke") end } }  -- <-

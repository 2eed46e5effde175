-- A column returning a string that is not a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/returns_string\.lua:(5|6): .*(number|string)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) return "abc" end } }  -- <-

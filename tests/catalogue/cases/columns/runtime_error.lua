-- A column function doing arithmetic on a missing parameter.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/runtime_error\.lua:6: .*(arithmetic|nil)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) return k.nn * 2 end } }  -- <-

-- An endless column function.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/endless\.lua:7: .*timed out
-- args: --script-timeout 1
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) while true do end end } }  -- <-

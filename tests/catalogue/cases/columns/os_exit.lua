-- os.exit(7) in a column must not lose the computed tables.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/os_exit\.lua:6: .*os\.exit
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) os.exit(7) end } }  -- <-

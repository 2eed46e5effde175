-- A target no size reaches.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/unsatisfiable\.lua:5: .*(no problem size|target)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 1e30 } }  -- <-

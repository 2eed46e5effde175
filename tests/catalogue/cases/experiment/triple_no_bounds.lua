-- The triple report without bounds.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/triple_no_bounds\.lua:6: .*bounds
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "x", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, scale = isospeed { speed = 3e6 }, report = { "triple" } }  -- <-

-- px_max = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/px_max_nan\.lua:6: .*px_max
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "x", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, report = { "speedup" }, px_max = 0/0 }  -- <-

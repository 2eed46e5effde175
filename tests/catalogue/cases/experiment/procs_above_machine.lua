-- 5000 processors on the 1088-processor KSR-1: legal in a model but suspicious, so a one-line warning.
-- expect-exit: 0
-- expect: ^scalerun: warning: tests/catalogue/cases/experiment/procs_above_machine\.lua:6: .*5000
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "x", kernel = rlsp, machine = ksr1, procs = { 1, 5000 } }  -- <-

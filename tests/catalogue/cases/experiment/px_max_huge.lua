-- px_max = 1e15: refused or stopped within the budget, never a 30 s search.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/px_max_huge\.lua:7: .*(px_max|timed out)
-- args: --script-timeout 2
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "x", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, report = { "speedup" }, px_max = 1e15 }  -- <-

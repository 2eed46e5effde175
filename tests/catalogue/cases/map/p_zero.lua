-- p = 0 on the processor axis.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/p_zero\.lua:6: .*p
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 0, 2 } } }  -- <-

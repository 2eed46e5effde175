-- p = inf as the fixed processor count.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/p_field_inf\.lua:6: .*p
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, p = 1/0, rows = { param = "n", values = { 64 } }, cols = { param = "tau", values = { 1e-7 } } }  -- <-

-- An axis with no values.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/values_empty\.lua:6: .*values
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = {} }, cols = { param = "p", values = { 1, 2 } } }  -- <-

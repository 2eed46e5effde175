-- An axis value of NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/values_nan\.lua:6: .*(values|NaN|nan)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 0/0 } }, cols = { param = "p", values = { 1, 2 } } }  -- <-

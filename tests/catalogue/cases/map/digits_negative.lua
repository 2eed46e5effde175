-- digits = -5.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/digits_negative\.lua:6: .*digits
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } }, digits = -5 }  -- <-

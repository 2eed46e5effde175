-- cols.names shorter than its values.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/names_short\.lua:6: .*names
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 }, names = { "one" } } }  -- <-

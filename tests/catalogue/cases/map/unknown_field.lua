-- A map field that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/unknown_field\.lua:6: .*unknown field
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } }, colour = 1 }  -- <-

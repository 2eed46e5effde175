-- map{} without a name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/name_missing\.lua:6: .*name
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } } }  -- <-

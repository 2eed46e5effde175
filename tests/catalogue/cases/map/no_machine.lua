-- A map of a machine-dependent model without a machine: at the map's line, not inside the kernel file.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/no_machine\.lua:5: .*machine
local rlsp = require "kernels.rlsp"
map { name = "m", kernel = rlsp, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } } }  -- <-

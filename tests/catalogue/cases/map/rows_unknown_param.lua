-- rows over a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/rows_unknown_param\.lua:6: .*(nn|param)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "nn", values = { 64 } }, cols = { param = "p", values = { 1, 2 } } }  -- <-

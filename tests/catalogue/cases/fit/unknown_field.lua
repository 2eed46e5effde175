-- A fit field that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/unknown_field\.lua:6: .*unknown field
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, data = { { p = 1, n = 64, time = 1 } }, method = "x" }  -- <-

-- fit{} without a name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/name_missing\.lua:6: .*name
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { kernel = rlsp, machine = ksr1, params = { "tau" }, data = { { p = 1, n = 64, time = 1 } } }  -- <-

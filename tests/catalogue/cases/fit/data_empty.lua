-- Fitting to no data.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/data_empty\.lua:6: .*data
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, data = {} }  -- <-

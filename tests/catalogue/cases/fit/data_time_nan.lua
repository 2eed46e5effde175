-- A data point with time NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/data_time_nan\.lua:6: .*(time|NaN|nan)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, data = { { p = 1, n = 64, time = 0/0 }, { p = 2, n = 64, time = 0.6 } } }  -- <-

-- A data point without its time.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/data_time_missing\.lua:6: .*time
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, data = { { p = 1, n = 64 }, { p = 2, n = 64, time = 0.6 } } }  -- <-

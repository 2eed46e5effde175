-- A csv file that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/csv_missing\.lua:6: .*(csv|nofile)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, csv = "tests/catalogue/nofile.csv" }  -- <-

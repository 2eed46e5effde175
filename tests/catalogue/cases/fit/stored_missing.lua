-- Fitting to an experiment the database never stored.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/stored_missing\.lua:6: .*(stored|ghost)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "tau" }, stored = "ghost" }  -- <-

-- A custom rule returning a number, not parameter values.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/custom_returns_number\.lua:5: .*(custom|table)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = custom(function(p) return 5 end) }  -- <-

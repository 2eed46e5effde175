-- error({}) in a custom rule.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/custom_error_table\.lua:5: .*(error object|table)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = custom(function(p) error({}) end) }  -- <-

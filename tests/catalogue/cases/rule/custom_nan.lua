-- A custom rule giving n = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/custom_nan\.lua:5: .*(NaN|nan|finite)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = custom(function(p) return { n = 0/0 } end) }  -- <-

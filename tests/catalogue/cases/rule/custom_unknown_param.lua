-- A custom rule setting a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/custom_unknown_param\.lua:5: .*(nn|unknown)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = custom(function(p) return { nn = p } end) }  -- <-

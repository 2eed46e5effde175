-- vary names a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/vary_unknown_param\.lua:5: .*(vary|nn)
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6, vary = "nn" } }  -- <-

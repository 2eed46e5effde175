-- Fitting a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/fit/params_unknown\.lua:6: .*(zeta|param)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
fit { name = "f", kernel = rlsp, machine = ksr1, params = { "zeta" }, data = { { p = 1, n = 64, time = 1 }, { p = 2, n = 64, time = 0.6 } } }  -- <-

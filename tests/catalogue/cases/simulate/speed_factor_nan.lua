-- speed_factor = NaN in simulate mode.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/speed_factor_nan\.lua:6: .*speed_factor
local m = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local k = kernel { name = "prog", program = function(ctx, k) ctx:barrier() end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate", speed_factor = 0/0 }  -- <-

-- Rings that cannot hold 64 processors.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/ring_too_small\.lua:6: .*(ring|hold)
local m = machine { name = "r", speed = 1e6, topology = rings { { size = 2, latency = 1e-6, bandwidth = 1e9 } } }
local k = kernel { name = "prog", program = function(ctx, k) ctx:barrier() end }
experiment { name = "s", machine = m, kernel = k, procs = { 64 }, mode = "simulate" }  -- <-

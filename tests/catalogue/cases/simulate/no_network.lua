-- Simulating a machine that describes no network.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/no_network\.lua:6: .*(network|topology)
local m = machine { name = "plain", speed = 1e6 }
local k = kernel { name = "prog", program = function(ctx, k) ctx:barrier() end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }  -- <-

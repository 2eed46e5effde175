-- 2^31 simulated processors: one line with the position, no "vector larger than max_size()".
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/procs_2p31\.lua:6: .*(procs|processor|memory)
local m = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local k = kernel { name = "prog", program = function(ctx, k) ctx:barrier() end }
experiment { name = "s", machine = m, kernel = k, procs = { 2^31 }, mode = "simulate" }  -- <-

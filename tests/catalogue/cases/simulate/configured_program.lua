-- A configured copy keeps its program (issue 10 item 12: a copy could not override program); runs clean.
-- expect-exit: 0
local m = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k) ctx:compute(k.n) ctx:barrier() end }
experiment { name = "s", machine = m, kernel = k { n = 16 }, procs = { 1, 2 }, mode = "simulate" }

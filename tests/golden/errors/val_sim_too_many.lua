-- 2^31 simulated processors: each is a coroutine; refused with the range instead of failing to allocate.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local idle = kernel { name = "idle", program = function(ctx, k) end }
experiment { name = "many", machine = bus, kernel = idle, procs = { param("p", 2^31) }, mode = "simulate" }

-- Simulate mode: a network kind the simulator does not know.
local odd = machine { name = "odd", speed = 1e6, network = { kind = "hypercub", bandwidth = 1e6 } }
local k = kernel { name = "sync", program = function(ctx, k) ctx:barrier() end }
experiment { name = "odd", machine = odd, kernel = k, procs = { 4 }, mode = "simulate" }

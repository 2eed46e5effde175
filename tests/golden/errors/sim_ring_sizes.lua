-- Simulate mode: hierarchical rings that hold fewer processors than the experiment asks for.
local ksr = machine {
  name = "small rings", speed = 1e6, network = { bandwidth = 1e6 },
  topology = rings { { name = "ring:0", size = 4, latency = 1e-6 }, { name = "ring:1", size = 2, latency = 4e-6 } },
}
local k = kernel { name = "sync", program = function(ctx, k) ctx:barrier() end }
experiment { name = "rings", machine = ksr, kernel = k, procs = { 16 }, mode = "simulate" }

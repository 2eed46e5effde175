-- Simulate mode: the last processor sends to its right neighbour, which does not exist.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local shift = kernel {
  name = "shift",
  program = function(ctx, k)
    ctx:send(ctx.rank + 1, 1024)
  end,
}
experiment { name = "shift", machine = bus, kernel = shift, procs = { 64 }, mode = "simulate" }

-- Simulate mode on a shared bus: contention grows with p and overtakes latency (the SPASM paper,
-- 003_*.txt §6). The experiment names no mode: run it with --mode simulate.
local bus = machine {
  name = "bus", speed = 4.2e6,
  network = { kind = "bus", bandwidth = 53e6, latency = 150 * ns, overhead = 100 * us },
}
local exchange = kernel {
  name = "exchange", params = { n = 1e6, bytes = 8192 },
  program = function(ctx, k)
    for step = 1, 4 do
      ctx:compute(k.n / ctx.size)
      ctx:allreduce(k.bytes, 1)
    end
  end,
}
experiment {
  name = "bus", machine = bus, kernel = exchange, procs = { 1, 2, 4, 8, 16, 32, 64 },
  report = { "speedup", "overhead", "wait", "links", "overhead_functions" },
}

-- Overhead functions from three processor counts above 1 (the audit's case): at most two terms,
-- no negative coefficient on a growing term, and each fit's own error, said when above 2 %.
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
  name = "fit3", mode = "simulate", machine = bus, kernel = exchange, procs = { 1, 2, 4, 8 },
  report = { "wait", "overhead_functions" },
}

-- Simulate mode: two processors each wait for the other first; the rest wait in a barrier.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local swap = kernel {
  name = "swap",
  program = function(ctx, k)
    if ctx.rank < 2 then
      local other = 1 - ctx.rank
      ctx:recv(other, "halo")
      ctx:send(other, 8, "halo")
    else
      ctx:barrier()
    end
  end,
}
experiment { name = "swap", machine = bus, kernel = swap, procs = { 4 }, mode = "simulate" }

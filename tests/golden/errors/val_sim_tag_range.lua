-- A message tag of 2^62 is a whole number, but beyond the range tags may take.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local tagged = kernel {
  name = "tagged",
  program = function(ctx, k)
    if ctx.rank == 0 then ctx:send(1, 8, 2^62) else ctx:recv(0) end
  end,
}
experiment { name = "tags", machine = bus, kernel = tagged, procs = { 2 }, mode = "simulate" }

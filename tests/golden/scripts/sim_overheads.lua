-- Simulate mode on a network with no wires: every cost is software overhead (100 us a message at
-- each end) and the program's own imbalance, so the tables are the engine's alone.
local pram = machine {
  name = "pram plus overhead", speed = 1e6,
  network = { kind = "ideal", overhead = 100 * us },
}
local sumup = kernel {
  name = "sumup", params = { n = 1e6 },
  program = function(ctx, k)
    local share = k.n / (ctx.size + 1)
    ctx:compute(ctx.rank == 0 and 2 * share or share)   -- processor 0 gets two shares
    if ctx.rank == 0 then ctx:serial(1000) end          -- and a part only it can do
    local total = ctx:allreduce(8, ctx.rank)
    assert(total == ctx.size * (ctx.size - 1) / 2)
    ctx:barrier()
  end,
}
experiment {
  name = "overheads", machine = pram, kernel = sumup, procs = { 1, 2, 4, 8, 16 },
  report = { "speedup", "overhead", "wait", "links", "overhead_functions" },
}

-- A tag of 1.5.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/tag_fraction\.lua:6: .*tag
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  if ctx.size > 1 and ctx.rank == 0 then ctx:send(1, 8, 1.5) elseif ctx.size > 1 and ctx.rank == 1 then ctx:recv(0) end  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

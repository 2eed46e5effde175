-- A message of NaN bytes.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/send_nan_bytes\.lua:6: .*(bytes|NaN|nan)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  if ctx.size > 1 and ctx.rank == 0 then ctx:send(1, 0/0) elseif ctx.size > 1 and ctx.rank == 1 then ctx:recv(0) end  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

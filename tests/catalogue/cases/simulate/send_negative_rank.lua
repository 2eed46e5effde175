-- A message to processor -1.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/send_negative_rank\.lua:6: .*(processor|-1)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:send(-1, 8)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

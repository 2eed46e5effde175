-- A message to processor 99 of 4.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/send_no_such_rank\.lua:6: .*(processor|99)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:send(99, 8)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

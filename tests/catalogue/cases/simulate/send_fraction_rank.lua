-- A message to processor 1.5.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/send_fraction_rank\.lua:6: .*(processor|whole)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:send(1.5, 8)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

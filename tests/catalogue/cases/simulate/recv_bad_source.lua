-- A receive from processor 7 of 4.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/recv_bad_source\.lua:6: .*(processor|source|src)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:recv(7)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

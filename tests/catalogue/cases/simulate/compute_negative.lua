-- compute of -1 operations.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/compute_negative\.lua:6: .*(ops|negative|compute)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:compute(-1)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

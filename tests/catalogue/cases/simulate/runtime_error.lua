-- Arithmetic on a missing field in a program.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/runtime_error\.lua:6: .*(arithmetic|nil)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:compute(k.missing * 2)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

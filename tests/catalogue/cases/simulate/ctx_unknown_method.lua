-- A ctx method that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/ctx_unknown_method\.lua:6: .*(call|nil|method)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  ctx:sendrecv(1, 8)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

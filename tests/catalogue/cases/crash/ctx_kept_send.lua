-- A ctx kept from a program and used to send after the run (send, isend, now, speed alike).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/ctx_kept_send\.lua:10: ctx used after its simulation ended$
-- args: --quiet
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local kept
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  kept = kept or ctx
  ctx:compute(k.n) end }
experiment { name = "s", machine = m, kernel = k, procs = { 2 }, mode = "simulate" }; kept:isend(0, 8)  -- <-

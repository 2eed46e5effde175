-- Processor 1's program uses processor 0's ctx: it would act for a processor that is not running.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/ctx_other_processor\.lua:8: ctx:compute: processor 0's ctx used in the program of processor 1
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local first
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  if ctx.rank == 0 then first = ctx end
  if ctx.rank == 1 then first:compute(k.n) end  -- <-
  ctx:compute(k.n) end }
experiment { name = "s", machine = m, kernel = k, procs = { 2 }, mode = "simulate" }

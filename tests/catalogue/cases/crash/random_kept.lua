-- math.random taken while the program was recorded ahead, called after the run.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/random_kept\.lua:10: .*math\.random.*kept
-- args: --quiet
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local kept
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  kept = kept or math.random
  ctx:compute(k.n) end }
experiment { name = "s", machine = m, kernel = k, procs = { 2 }, mode = "simulate" }; kept()  -- <-

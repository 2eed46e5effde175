-- A simulated program that runs experiment{} of its own kernel: it would recurse until the C stack
-- overflows (a SIGSEGV on a small stack); one acting form runs at a time.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/nested_experiment_in_program\.lua:8: experiment\{\} cannot run inside experiment\{\}
local bus = machine { name = "m", speed = 1e9, procs = 4, network = { kind = "bus", bandwidth = 1e9, latency = 1e-6 } }
local k
k = kernel { name = "k", params = { n = 1 }, program = function(ctx)
  if ctx.rank == 0 then experiment { name = "inner", mode = "simulate", kernel = k, machine = bus, procs = { 2 } } end
  ctx:compute(1)
end }
experiment { name = "outer", mode = "simulate", kernel = k, machine = bus, procs = { 2 } }

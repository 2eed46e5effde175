-- ctx:waitall given something that is not a list of requests: the program's line, not scalerun's.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local waiting = kernel {
  name = "waiting",
  program = function(ctx, k)
    ctx:waitall(5)
  end,
}
experiment { name = "waitall", machine = bus, kernel = waiting, procs = { 2 }, mode = "simulate" }

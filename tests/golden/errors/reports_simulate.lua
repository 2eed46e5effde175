-- Simulate mode has no scaling-rule triple: 'triple' is a model-mode report.
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local idle = kernel { name = "idle", program = function(ctx, k) ctx:compute(1e3) end }
experiment {
  name = "simulate", mode = "simulate", machine = bus, kernel = idle, procs = { 1, 2 },
  report = { "speedup", "triple" },
}

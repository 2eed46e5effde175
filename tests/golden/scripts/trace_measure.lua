-- Two measured kernels for the --trace golden: Monte Carlo pi (parallel loops and a reduction)
-- and the billiard-ball simulation (spmd ranks meeting at barriers), on 1, 2 and 3 workers.
local pi = require "kernels.pi"
local billiards = require "kernels.billiards"
experiment {
  name = "pi-trace", mode = "measure", kernel = pi { samples = 4e6 },
  procs = { 1, 2, 3 }, repeats = 3, report = { "measured", "overhead" },
}
experiment {
  name = "billiards-trace", mode = "measure", kernel = billiards { balls = 2000, steps = 4000, batch = 16 },
  procs = { 1, 2, 3 }, repeats = 3, report = { "measured", "overhead" },
}

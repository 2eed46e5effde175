-- A short tour of scalerun in model mode.
--
-- A machine and a kernel are scripts (machines/ksr1.lua, kernels/rlsp.lua). An experiment puts
-- them together over processor counts under a scaling rule; scalerun solves the problem size
-- each rule asks for and prints the tables you name. Run it with
--   scalerun scripts/quickstart.lua                  (aligned tables)
--   scalerun scripts/quickstart.lua --format json    (the JSON contract, full precision)
--   scalerun scripts/quickstart.lua --set speed=2e6  (change a param() without editing)
local ksr1 = require "machines.ksr1"
local rlsp = require "kernels.rlsp"

-- 1. Isospeed (the isospeed paper): grow the matrix so every processor keeps computing at an
--    average 3.25 Mflops. The scaled table shows the sizes found, psi(p, p') how much more work
--    per processor each step up needs (1 would be perfect), and the overhead breakdown where
--    the time goes, term by term of the model.
experiment {
  name    = "quickstart-isospeed",
  machine = ksr1,
  kernel  = rlsp,
  procs   = { 1, 2, 4, 8, 16, 32, 64 },
  scale   = isospeed { speed = param("speed", 3.25 * Mflops, "average unit speed held constant, flops/s"), vary = "n" },
  report  = { "scaled", "psi", "overhead" },
}

-- 2. Fixed size (Amdahl): the same kernel at n = 1000. Speedup flattens as communication
--    takes over; px is the processor count with the least time.
experiment {
  name    = "quickstart-fixed",
  machine = ksr1,
  kernel  = rlsp { n = 1000 },
  procs   = { 1, 2, 4, 8, 16, 32, 64 },
  scale   = fixed {},
  report  = { "speedup" },
  px_max  = 2048,
}

-- Measure mode measures; triple (the three scaling rules' latencies) is model mode's: refused
-- before anything runs.
experiment {
  name = "measure", mode = "measure", kernel = require "kernels.pi" { samples = 1e5 }, procs = { 1, 2 },
  report = { "measured", "triple" },
}

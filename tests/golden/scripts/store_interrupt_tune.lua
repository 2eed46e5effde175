-- A tuning run interrupted in its search (store_interrupt.sh): the p = 1 point is measured and
-- stored at once (E = 1 there), then p = 2 searches for an efficiency no Monte Carlo run of this
-- host reaches within 0.1 %, with a budget that would keep it going for minutes.
local pi = require "kernels.pi"
experiment {
  name = "int-tune", mode = "measure", kernel = pi { samples = 2e6 }, procs = { 1, 2 },
  repeats = 3, warmup = 0, budget = 200, tolerance = 0.001,
  scale = efficiency { E = 0.999, vary = "samples" },
  report = { "measured" },
}

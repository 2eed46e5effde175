-- No size reaches an average speed above the sustained 1/tau = 5.56 Mflops.
local rlsp = require "kernels.rlsp"
experiment {
  name = "too-fast", kernel = rlsp, machine = require "machines.ksr1",
  procs = { 1, 2, 4 },
  scale = isospeed { speed = 8 * Mflops },
}

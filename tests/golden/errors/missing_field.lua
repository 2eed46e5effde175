experiment {
  kernel = require "kernels.rlsp",
  procs = { 1, 2, 4 },
}

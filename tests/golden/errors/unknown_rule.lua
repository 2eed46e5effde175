local rlsp = require "kernels.rlsp"
experiment {
  name = "x", kernel = rlsp, procs = { 1, 2 },
  scale = { rule = "isoefficiency", E = 0.5 },
}

experiment {
  name = "x", kernel = require "kernels.rlsp",
  proc = { 1, 2 },
}

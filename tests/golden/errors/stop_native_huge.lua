-- A native kernel run far too large for the budget: its chunks see the deadline.
experiment {
  name = "too-big", mode = "measure", kernel = require "kernels.pi" { samples = 1e12 },
  procs = { 1 }, repeats = 1, warmup = 0,
}

local pi = require "kernels.pi"
experiment {
  name = "pi", mode = "measure", kernel = pi { samples = 1e5 }, procs = { 2 },
  scale = efficiency { E = 0.8, vary = "samples" },
  repeats = 5, max_repeats = 3,
}

-- One native run far longer than --run-timeout: stopped between its chunks, one line, exit 2.
local pi = require "kernels.pi"
experiment {
  name = "too-long", mode = "measure", kernel = pi { samples = 1e11 }, procs = { 1 },
  repeats = 1, warmup = 0, report = { "measured" },
}

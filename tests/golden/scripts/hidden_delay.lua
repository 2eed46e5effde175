-- A kernel whose time is a known law, with 20 ms spent outside every parallel region and serial()
-- call (tests/golden/cases_latency.cmake): the latency split must show it as unaccounted.
local law = require "kernels.timed_law"
experiment {
  name = "hidden", mode = "measure",
  kernel = law { n = 1e5, a = 1e-7, b = 1e-3, c = 2e-3, hidden = 0.02 },
  procs = { 1, 2 }, repeats = 3, warmup = 1, report = { "latency" },
}

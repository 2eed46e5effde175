-- Issue 26: the latency split of a small native sweep, measured term by term. Fixed size: ML, IT,
-- PT and unaccounted for every point. Memory-bound (the size grows with p): no one-worker run at
-- p = 2's size, so the split is said to be unavailable instead of being closed on T.
local mm = require "kernels.matmul" { N = 128 }
experiment {
  name = "fixed", mode = "measure", kernel = mm, procs = { 1, 2 }, repeats = 3, warmup = 1,
  report = { "overhead", "latency" },
}
experiment {
  name = "grown", mode = "measure", kernel = mm, procs = { 1, 2 }, repeats = 3, warmup = 1,
  scale = memory_bound { per_proc = 3 * 128 * 128 * 8, vary = "N" },
  report = { "overhead", "latency" },
}

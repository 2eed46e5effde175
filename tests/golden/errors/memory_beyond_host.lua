-- 10 TB per processor: refused before anything is allocated.
local matmul = require "kernels.matmul"
experiment {
  name = "too-big", mode = "measure", kernel = matmul, procs = { 2 },
  scale = memory_bound { per_proc = 10 * TB, vary = "N" },
}

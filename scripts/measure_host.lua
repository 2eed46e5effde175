-- Measure two native kernels on this host at p = 1 and 2 TBB workers: time, speedup,
-- efficiency, the overhead breakdown by source and the latency metric L(W, N) of the Scale-Graph
-- paper (000_4d83e4b2b26c01b9.txt eq. 5-7), with the model's prediction beside each point.
-- Every point goes into the results database (scalerun.db, or --db FILE) as it completes;
-- `scalerun runs` lists the runs and `scalerun show RUN` prints one. --resume reuses stored points.
local pi = require "kernels.pi"
local matmul = require "kernels.matmul"

local procs = { 1, 2 }
local repeats = param("repeats", 5, "measured runs per point")

experiment {
  name   = "pi-host",
  mode   = "measure",
  kernel = pi { samples = param("samples", 4e7, "Monte Carlo samples per run") },
  procs  = procs,
  repeats = repeats,
  report = { "measured", "overhead", "latency", "compare", "counters" },
}

experiment {
  name   = "matmul-host",
  mode   = "measure",
  kernel = matmul { N = param("N", 768, "matrix order of the multiply") },
  procs  = procs,
  repeats = repeats,
  report = { "measured", "overhead", "latency", "counters" },
}

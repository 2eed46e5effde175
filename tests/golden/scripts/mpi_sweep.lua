-- NAS EP through MPI on 1 to 4 ranks, three timed runs each: long enough to be killed partway
-- (tests/golden/mpi_faults.sh), then resumed.
local localhost = require "machines.localhost"
experiment {
  name = "ep-sweep", mode = "measure", machine = localhost, kernel = require "kernels.mpi_ep",
  procs = { 1, 2, 3, 4 }, repeats = 3, warmup = 0, report = { "measured", "ranks" },
}

-- An MPI kernel measured through mpirun on this host, for the --trace golden: every rank's calls
-- become its timeline.
local localhost = require "machines.localhost"
experiment {
  name = "cg-trace", mode = "measure", machine = localhost, kernel = require "kernels.mpi_cg",
  procs = { 1, 2 }, repeats = 1, warmup = 0, report = { "measured", "ranks" },
}

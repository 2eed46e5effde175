local localhost = require(param("machine", "machines.localhost"))
experiment { name = "rank-abort", mode = "measure", machine = localhost, procs = { 1, 2 }, repeats = 1, warmup = 0,
  kernel = kernel { name = "mpi_fault", mpi = param("program", "../../../build/tests/programs/mpi_fault") .. " --abort 1 --code 3" } }

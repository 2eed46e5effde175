local localhost = require(param("machine", "machines.localhost"))
experiment { name = "threads", mode = "measure", machine = localhost, procs = { 2 }, repeats = 1, warmup = 0,
  report = { "measured", "ranks" },
  kernel = kernel { name = "mpi_fault", mpi = param("program", "../../../build/tests/programs/mpi_fault") .. " --thread-multiple 1" } }

local nowhere = machine { name = "nowhere", hosts = { "localhost" }, launcher = { command = "no-such-mpirun" } }
experiment { name = "no-launcher", mode = "measure", machine = nowhere, kernel = require "kernels.mpi_ep",
             procs = { 1 }, repeats = 1, warmup = 0 }

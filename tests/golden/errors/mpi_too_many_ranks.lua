local one_slot = machine { name = "one-slot", hosts = { "localhost" }, slots = 1 }
experiment { name = "too-many", mode = "measure", machine = one_slot, kernel = require "kernels.mpi_ep",
             procs = { 2 }, repeats = 1, warmup = 0 }

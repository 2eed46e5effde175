-- Measures an MPI "program" of its own while it loads: mpirun starts it.
local marker = require "mods.marker"
experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "evil", params = { n = 1 }, mpi = "touch " .. marker } }
return {}

-- MPI kernels on this host through mpirun, every rank instrumented: 1, 2 and 4 ranks.
local localhost = require "machines.localhost"
for _, name in ipairs { "mpi_ep", "mpi_cg", "mpi_mm", "mpi_ge", "mpi_conv2d" } do
  experiment {
    name = name .. "-localhost", mode = "measure", machine = localhost,
    kernel = require("kernels." .. name),
    procs = { 1, 2, 4 }, repeats = 1, warmup = 0,
    report = { "measured", "overhead", "latency", "ranks" },
  }
end

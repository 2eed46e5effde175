-- A Fortran MPI program measured end to end (tests/programs/mpi_fortran.f90, or its `use mpi_f08`
-- twin): scalerun's launcher preloads the interposition library, whose Fortran entry points
-- (pmpi/fortran_bindings.cpp) time and count the program's calls; the ranks table shows its
-- messages (rank 0 sends 8, rank 1 sends 6) and bytes, known by construction, and the profile names
-- its calls as the C binding does.
local localhost = require "machines.localhost"
experiment {
  name = "fortran", mode = "measure", machine = localhost, procs = { 1, 2 }, repeats = 1, warmup = 0,
  kernel = kernel { name = "mpi_fortran", mpi = param("program", "../../../build/tests/programs/mpi_fortran") },
  report = { "measured", "ranks", "profile" },
}

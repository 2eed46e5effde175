-- This host as a one-node cluster, so MPI kernels (mpi = "...") run on a laptop as they would on
-- a cluster: ranks start through Open MPI's mpirun on "localhost", as many per host as it has
-- cores before they share them. oversubscribe lets a study go beyond the cores (p = 4 on two
-- cores): the ranks then take turns, which a scaling study shows as lost efficiency.
-- A real cluster lists its hosts instead, e.g. hosts = { "node1", "node2" }, slots = 16.
return machine {
  name = "localhost",
  doc = "this host as a one-node MPI cluster",
  hosts = { "localhost" },
  launcher = { kind = "mpirun", oversubscribe = true },
}

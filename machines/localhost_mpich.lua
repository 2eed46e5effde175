-- This host as a one-node cluster whose MPI is MPICH: ranks start through MPICH's mpiexec (Hydra,
-- Debian's mpich package) on "localhost", with scalerun's interposition library built for MPICH.
-- The program must be built with MPICH (mpicc.mpich, mpicxx.mpich, mpif90.mpich); one built with
-- Open MPI uses machines.localhost.
return machine {
  name = "localhost-mpich",
  doc = "this host as a one-node MPI cluster running MPICH",
  hosts = { "localhost" },
  launcher = { kind = "mpich", oversubscribe = true },
}

-- NAS CG (NPB 3.4) as an MPI program (kernels/mpi/cg.cpp): NPB's matrix, rows split in
-- proportion to the ranks' marked speeds; each inner iteration an Allgatherv of p and two
-- Allreduces. Verified against NPB's zeta for classes S, W, A.
-- Work and memory: as the native kernel's (kernels/npb_cg.lua).
local cg = require "kernels.npb_cg"
return kernel {
  name = "mpi_cg",
  doc  = "MPI NAS CG, verified against NPB 3.4 (class S: na = 1400)",
  size = "na",
  params = { na = 1400, nonzer = 7, niter = 15, shift = 10 },
  work   = cg.work,
  memory = cg.memory,
  mpi = "scalerun-mpi-cg --na {na} --nonzer {nonzer} --niter {niter} --shift {shift}",
}

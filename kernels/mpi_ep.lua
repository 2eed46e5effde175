-- NAS EP (NPB 3.4) as an MPI program (kernels/mpi/ep.cpp): the batches of 2^16 pairs split over
-- the ranks in proportion to their marked speeds, the native kernel's generator and check
-- (classes S, W, A against NPB's sums), the sums reduced on rank 0.
-- Work: 2^(m+1) random numbers. Memory: 16 KiB per rank.
return kernel {
  name = "mpi_ep",
  doc  = "MPI NAS EP, verified against NPB 3.4 (class S: m = 24), W = 2^(m+1)",
  size = "m",
  params = { m = 24, t_number = 10 * ns, t_reduce = 20 * us },
  work   = function(k) return 2^(k.m + 1) end,
  memory = function(k) return 16 * KiB end,
  model  = function(k, p)
    return { compute = 2^(k.m + 1) * k.t_number / p, communication = 2 * k.t_reduce * log2(p) }
  end,
  mpi = "scalerun-mpi-ep --m {m}",
}

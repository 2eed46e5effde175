-- Matrix multiply C = A B as an MPI program (kernels/mpi/mm.cpp), the STAS paper's first kernel
-- (002_f0da52e7e2d6c7d5.txt §4): rank 0 broadcasts B, the n rows of A and C are split in
-- proportion to the ranks' marked speeds, rank 0 gathers C and checks 16 of its rows.
-- Work: 2 n^3 flops. Memory: A, B and C, 24 n^2 bytes.
-- Model: the rows' compute at the marked speed, plus the broadcast of B and the gather of C
-- (n^2 doubles each) at t_word seconds per double and t_startup per message step.
return kernel {
  name = "mpi_mm",
  doc  = "MPI matrix multiply (STAS), rows in proportion to marked speeds, W = 2 n^3",
  size = "n",
  params = { n = 512, t_flop = 1 * ns, t_word = 2 * ns, t_startup = 20 * us },
  work   = function(k) return 2 * k.n^3 end,
  memory = function(k) return 24 * k.n^2 end,
  model  = function(k, p)
    return { compute = 2 * k.n^3 * k.t_flop / p,
             communication = 2 * k.n^2 * k.t_word + 2 * k.t_startup * log2(p) }
  end,
  mpi = "scalerun-mpi-mm --n {n}",
}

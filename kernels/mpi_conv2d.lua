-- 2-D convolution of two n x n complex images by FFT as an MPI program (kernels/mpi/conv2d.cpp), the
-- STAS paper's 2DConv (002_f0da52e7e2d6c7d5.txt §4.2.3): rank 0 scatters both images' rows in
-- proportion to the ranks' marked speeds, row FFTs, two MPI_Alltoallv transposes, column FFTs as
-- rows, the point-wise product, inverse column FFTs, a transpose back, inverse row FFTs, and rank 0
-- gathers the result and checks it against the serial FFT convolution (1e-12) and the definition.
-- Work: the STAS count W(n) = 66 n^2 lg n + 21 n^2 + 84 n lg n, as kernels/conv2d.lua (the program
-- executes about 23 n^2 lg n + 8 n^2 flops by FFTW's count, reported as "flops": a third of W).
-- Memory: a, b and d, 48 n^2 bytes.
-- Model (kernels/conv2d.lua's terms, with t_flop seconds per flop on each rank, t_word per double,
-- t_startup per message):
--   compute       = W t_flop / p
--   communication = 2 n^2 (1 - 1/p) (3 + t/p) t_word + (3 + t)(p - 1) t_startup
--                   the scatter of a and b and the gather of d through rank 0 (it keeps 1/p), and
--                   t = 3 transposes, each rank sending its n^2 (1 - 1/p) / p entries (2 doubles each)
-- Timed, as every MPI kernel, from MPI_Init to MPI_Finalize of the slowest rank: making the images
-- and rank 0's check are O(n^2) beside the convolution's O(n^2 lg n) (scalerun-mpi-conv2d
-- --full-check 1 adds a serial FFT convolution on rank 0, for checking by hand, not for timing).
-- The work is kernels/conv2d.lua's own formula, at N = n.
local conv2d = require "kernels.conv2d"
local function W(n) return conv2d.work { N = n } end

return kernel {
  name = "mpi_conv2d",
  doc  = "MPI FFT-based 2-D convolution (STAS), rows in proportion to marked speeds, W = 66 n^2 lg n",
  size = "n",
  integer = { "n" },  -- an image side: a rule's solved size is rounded to the nearest whole one
  params = { n = 512, t_flop = 1 * ns, t_word = 2 * ns, t_startup = 20 * us, transposes = 3 },
  work   = function(k) return W(k.n) end,
  memory = function(k) return 48 * k.n^2 end,
  model  = function(k, p)
    local n, t = k.n, k.transposes
    return { compute = W(n) * k.t_flop / p,
             communication = 2 * n^2 * (1 - 1 / p) * (3 + t / p) * k.t_word + (3 + t) * (p - 1) * k.t_startup }
  end,
  mpi = "scalerun-mpi-conv2d --n {n}",
}

-- Gaussian elimination with partial pivoting for A x = b as an MPI program (kernels/mpi/ge.cpp), the
-- STAS paper's GE (002_f0da52e7e2d6c7d5.txt §4.2.1): the n rows of A and b dealt out row-cyclically
-- in proportion to the ranks' marked speeds; per step an MPI_Allreduce (MAXLOC) finds the pivot and
-- its owner broadcasts the pivot row; rank 0 keeps the pivot rows and back-substitutes. A is a row
-- permutation of a diagonally dominant matrix, b = A x_true; x is checked against x_true (1e-9).
-- Work: the STAS count W(n) = 2/3 n^3 - 1/2 n^2 - 19/6 n + 3, as kernels/gauss.lua (the program
-- counts 2/3 n^3 + 3/2 n^2 - 7/6 n flops with the back substitution, reported as "flops").
-- Memory: A, b and x, 8 (n^2 + 2 n) bytes, as kernels/gauss.lua (rank 0 also keeps the n (n + 3)/2
-- pivot-row entries for the back substitution).
-- Model (kernels/gauss.lua's terms with t_flop seconds per flop on each rank, t_word per double,
-- t_startup per message step; A is generated on the ranks, so no distribution or collection):
--   compute       = W t_flop / p                  elimination spread in proportion to speed
--   serial        = n^2 t_flop (p - 1) / p        back substitution on rank 0 alone
--   communication = n (n + 3)/2 ceil(log2 p) t_word + n ceil(log2 p) t_startup
--                                                 the n pivot rows (n - i + 1 doubles each),
--                                                 broadcast down a binomial tree
--   sync          = n ceil(log2 p) t_startup      the pivot search's Allreduce per step
-- Timed, as every MPI kernel, from MPI_Init to MPI_Finalize of the slowest rank: making the rows
-- and rank 0's check (it regenerates A, O(n^2)) are part of it, a quarter of the time at n = 512 on
-- one rank and less as n grows (elimination is O(n^3)); they show in the breakdown as imbalance.
-- The work is kernels/gauss.lua's own formula, at N = n.
local gauss = require "kernels.gauss"
local function W(n) return gauss.work { N = n } end

return kernel {
  name = "mpi_ge",
  doc  = "MPI Gaussian elimination with partial pivoting (STAS), rows cyclic by marked speed, W = 2/3 n^3",
  size = "n",
  integer = { "n" },  -- a matrix order: a rule's solved size is rounded to the nearest whole one
  params = { n = 512, t_flop = 1 * ns, t_word = 2 * ns, t_startup = 20 * us },
  work   = function(k) return W(k.n) end,
  memory = function(k) return 8 * (k.n^2 + 2 * k.n) end,
  model  = function(k, p)
    local n = k.n
    local rounds = math.ceil(log2(p))
    return { compute = W(n) * k.t_flop / p,
             serial = n^2 * k.t_flop * (p - 1) / p,
             communication = n * (n + 3) / 2 * rounds * k.t_word + n * rounds * k.t_startup,
             sync = n * rounds * k.t_startup }
  end,
  mpi = "scalerun-mpi-ge --n {n}",
}

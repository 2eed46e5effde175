-- Regularized least squares by Givens rotations on the same 2n x n matrix B = [A; sqrt(lambda) I] as
-- kernels/rlsp.lua (the isospeed paper, 001_1a7b8ec92e9080bf.txt §3.2 for the matrix, §4 and Fig. 7
-- for the Givens comparison; the seed gives no Givens formulas, so work and model are derived here).
--
-- Work. Column j (j = 1..n) has n entries to annihilate: the n - j rows of the full upper part below
-- the diagonal, and j rows of the regularization part (row n + j holds sqrt(lambda) in column j, and
-- rows n + 1 .. n + j - 1 filled in when they were rotated against the rows above). Each rotation
-- costs 6 operations to generate (c, s, r: 2 mul, 1 add, 1 sqrt, 2 div) and 6 (n - j) to apply to
-- the two rows' remaining columns (4 mul + 2 add per column):
--   W(n) = sum_j n [6 + 6 (n - j)] = 3 n^3 + 3 n^2
-- (1.5 times the Householder count 2 n^3 + 3 n^2 of eq. 14, the usual Givens/Householder ratio).
--
-- Parallel version in the style of rlsp (eq. 13, 15): columns spread over the p processors; for each
-- column the owner generates its n rotations, which every processor then applies to its columns.
--   compute   = (3 n^3 + 3 n^2) / p tau            ideal parallel share
--   imbalance = 6 n^2 (1 - 1/p) tau                rotation generation (6 n per column) runs on the
--                                                  column's owner only, as Householder's pivot column
--                                                  (the 3 n^2 term of eq. 13) does
--   comm      = 2 n^2 beta[levels spanned]         rationale: where Householder reads one vector w_i
--                                                  of about n elements per step from the owner (the
--                                                  n^2 beta of eq. 13), Givens reads the n (c, s)
--                                                  pairs of the step, 2n values: twice the remote
--                                                  volume, charged at the same per-element remote
--                                                  access time beta of the KSR-1 ring level reached.
-- tau and beta default to rlsp's fitted KSR-1 values (eq. 23, 25); the seed publishes none for
-- Givens, so refit them with fit{} from Givens timings.
-- Note for reviewers: with equal beta this model makes Givens less scalable than Householder (as
-- seed 001 §4 reports) but equally sensitive to the ring:1 jump; the seed's remark that Givens is
-- "less affected by the hierarchical remote cache access" would need a smaller beta[2]/beta[1] ratio
-- for Givens (e.g. its short (c, s) messages being prefetched), which the seed does not quantify.
--
-- Measured (native): "givens" is blocked, the rotations of 32 columns at a time applied to row blocks
-- of the trailing matrix (kernels/native/linalg/givens.hpp), bit-identical to the scheme modelled
-- above, which givens { native = "givens_unblocked" } measures. Same work W and the same check.
return kernel {
  name = "givens",
  doc  = "Givens-rotation QR of the 2n x n regularized least-squares matrix",
  size = "n",
  integer = { "n" },  -- a matrix order: a rule's solved size is rounded to the nearest whole one
  params = {
    n    = 64,
    tau  = 0.18 * us,                -- computing time per operation (rlsp's fit, seed 001 eq. 23)
    beta = { 3.37 * us, 6.27 * us }, -- remote access per element within ring:0 / across ring:1 (eq. 23, 25)
  },
  work   = function(k) return 3 * k.n^3 + 3 * k.n^2 end,
  memory = function(k) return 8 * 2 * k.n * k.n end,
  model  = function(k, p, m)
    return {
      compute   = (3 * k.n^3 + 3 * k.n^2) / p * k.tau,
      imbalance = 6 * k.n^2 * (1 - 1 / p) * k.tau,
      comm      = 2 * k.n^2 * k.beta[m:levels_spanned(p)],
    }
  end,
  native = "givens",
}

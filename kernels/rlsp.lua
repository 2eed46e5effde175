-- Regularized least squares by Householder QR of the 2n x n matrix B = [A; sqrt(lambda) I]
-- (the isospeed paper, 001_1a7b8ec92e9080bf.txt §3.2-3.3).
-- Work W(n) = 2n^3 + 3n^2 (eq. 14); time on p processors (eq. 13, 15):
--   T_p(n) = (2n^3/p + 3n^2) tau + n^2 beta,
-- split as ideal compute (2n^3 + 3n^2)/p tau, workload imbalance 3n^2 (1 - 1/p) tau and remote
-- access n^2 beta, where beta depends on how many ring levels the p processors span.
--
-- Measured (native): "householder" is blocked, compact WY panels of 48 columns whose updates are
-- matrix products (kernels/native/linalg/householder.hpp); the model above describes the seed's
-- algorithm, one reflection and one parallel update per column, which
-- rlsp { native = "householder_unblocked" } measures. Both have the same work W and the same check.
return kernel {
  name = "rlsp",
  doc  = "Householder QR of the 2n x n regularized least-squares matrix",
  size = "n",
  integer = { "n" },  -- a matrix order: a rule's solved size is rounded to the nearest whole one
  params = {
    n    = 64,
    tau  = 0.18 * us,                -- fitted computing time per flop (eq. 23)
    beta = { 3.37 * us, 6.27 * us }, -- remote access per n^2 element: within ring:0 (eq. 23), across ring:1 (eq. 25)
  },
  work   = function(k) return 2 * k.n^3 + 3 * k.n^2 end,
  memory = function(k) return 8 * 2 * k.n * k.n end,
  model  = function(k, p, m)
    return {
      compute   = (2 * k.n^3 + 3 * k.n^2) / p * k.tau,
      imbalance = 3 * k.n^2 * (1 - 1 / p) * k.tau,
      comm      = k.n^2 * k.beta[m:levels_spanned(p)],
    }
  end,
  native = "householder",
}

-- Isospeed scalability of RLSP (Householder QR) on the KSR-1, predicted from the model
-- (the isospeed paper, 001_1a7b8ec92e9080bf.txt §3.3-4, Tables 1 and 2).
--
-- The model (eq. 13) with tau' = 0.18 us and beta' = 3.37 us fitted on 2 and 4 processors
-- (eq. 23), and beta'' = 6.27 us once a job spans two rings (eq. 25): the machine's
-- levels_spanned(p) switches from ring:0 to ring:1 above 32 processors. The average speed held is
-- a = 3.25 Mflops (58 % of the sustained 1/tau').
--
-- "Matrix size" in Table 1 is the row count 2n of the 2n x n matrix B of eq. 9: solving eq. 17
-- for n gives 27.0, 57.6, 118.9, 241.3 and 486.3 columns at p = 2..32, i.e. 54, 115, 238, 483
-- and 973 rows, the published 54, 115, 238, 484 and 976.
--
-- Deviations, explained:
-- * p = 1: the paper's Table 2 row 1 starts from the measured size (29 rows), not a prediction
--   (Table 1 prints "-" there); the model's p = 1 size is 23.4 rows, so psi(1, p') differs and
--   is not checked.
-- * p = 56: with beta'' = 6.27 us, eq. 17 gives 2979 rows, 3.1 % above the printed 2889. The
--   printed size is what beta'' = 6.06 us gives: the fit below recovers that value from the
--   published size itself. Sizes at p' = 56 enter psi cubed, so psi(p, 56) sits about 9 %
--   below Table 2; both are checked at those wider tolerances, and the p <= 32 part at the
--   tolerances the paper's own rounding allows (sizes 1 %, psi 3 %). psi(2, 56) = 0.00020 is
--   printed with two significant digits and the model gives 0.00018; it is left unchecked.
local ksr1 = require "machines.ksr1"
local rlsp = require "kernels.rlsp"

local speed = param("speed", 3.25 * Mflops, "average speed a held constant")

experiment {
  name    = "rlsp-ksr1-isospeed",
  machine = ksr1,
  -- The paper's Table 2 psi comes from the real-valued sizes eq. 17 gives; rounding n to whole
  -- columns (rlsp's integer = { "n" }) moves psi(2, 4) by more than its 3 % tolerance.
  kernel  = rlsp { integer = false },
  procs   = { 1, 2, 4, 8, 16, 32, 56 },
  scale   = isospeed { speed = speed, vary = "n" },
  columns = { size = function(k) return 2 * k.n end },   -- rows of the 2n x n matrix B
  report  = { "scaled", "psi", "overhead", "formula" },
}

check {
  name = "sizes-table1", of = "rlsp-ksr1-isospeed", table = "scaled", key = "p",
  columns = { "size" }, rel_tol = 0.01, source = "seed 001 Table 1 (predicted)",
  expect = { { 2, 54 }, { 4, 115 }, { 8, 238 }, { 16, 484 }, { 32, 976 } },
}
check {
  name = "size-56-beta2", of = "rlsp-ksr1-isospeed", table = "scaled", key = "p",
  columns = { "size" }, rel_tol = 0.035, source = "seed 001 Table 1 at p = 56 (see the header)",
  expect = { { 56, 2889 } },
}
check {
  name = "psi-table2", of = "rlsp-ksr1-isospeed", table = "psi", key = "p",
  columns = { "4", "8", "16", "32" }, rel_tol = 0.03, source = "seed 001 Table 2 (predicted)",
  expect = {
    { 2, 0.21611, 0.04971, 0.01193, 0.00292 },
    { 4, false,   0.23003, 0.05520, 0.01352 },
    { 8, false,   false,   0.23999, 0.05879 },
    { 16, false,  false,   false,   0.24499 },
  },
}
check {
  name = "psi-to-56", of = "rlsp-ksr1-isospeed", table = "psi", key = "p",
  columns = { "56" }, rel_tol = 0.11, source = "seed 001 Table 2, column 56 (see the header)",
  expect = { { 4, 0.00092 }, { 8, 0.00398 }, { 16, 0.01658 }, { 32, 0.06767 } },
}

-- Which beta'' does the printed p = 56 size imply? At the isospeed point the time is
-- T = W/(a p); fitting beta[2] to that one observation inverts eq. 17.
local n56 = 2889 / 2
fit {
  name   = "beta2-implied-by-table1",
  kernel = rlsp, machine = ksr1, params = { "beta[2]" },
  data   = { { p = 56, n = n56, time = (2 * n56^3 + 3 * n56^2) / (speed * 56) } },
}

-- NAS CG (conjugate gradient estimate of the smallest eigenvalue of a random sparse SPD matrix) as
-- the row-distributed SPMD program of the SPASM paper (003_542419d79f31dea1.txt §4, Table III), with
-- NPB's iteration structure (../shared/reference/npb.md, "CG": niter outer iterations, each a
-- conj_grad of 25 inner iterations, then zeta and the normalisation of x).
--
-- The matrix and the vectors are split by rows: an equal number of contiguous rows per processor.
-- Each inner iteration (seed 003 Table III):
--   matrix-vector product q = A p: the processors' pieces of p are merged by recursive doubling so
--     every processor holds all of p (messages of 8 na / p bytes that double at every step: 11200/p
--     for na = 1400), then the local rows are multiplied;
--   two dot products (p.q and r.r): local partial sums, then a global sum of 8 bytes (allreduce);
--   local vector updates (z, r, p).
-- conj_grad ends with the residual ||x - A z||: one more merge and product and one more global sum.
-- Each outer iteration then needs x.z and z.z (one global sum of two doubles) and rescales x.
-- NPB's untimed warm-up iteration is not simulated.
--
-- Reads k.na, k.nonzer (class S: 1400, 7), k.niter (class S: 15) and, if present, k.cgitmax (inner
-- iterations, default 25).
--
-- Operation counts (floating-point additions, multiplications and divisions; a vector clear or copy
-- counts one op per element; a sqrt 20 ops, a libm call as in npb_ep.lua):
--   local product of n rows with nnz nonzeros: a multiply and an add per nonzero     2 nnz
--   local dot product of n elements                                                  2 n
--   z += alpha p, r -= alpha q                                                       4 n
--   p = r + beta p                                                                   2 n
--   conj_grad start: q = 0, z = 0, r = x, p = r                                      4 n
--   residual: sum of (x_i - (A z)_i)^2                                               3 n
--   outer: x.z and z.z                                                               4 n
--   outer: x = z / ||z||                                                             1 n
--   the scalars alpha = rho/d, beta = rho/rho0 (1 each), rnorm = sqrt(sum) (20),
--     1/sqrt(z.z) and zeta = shift + 1/(x.z) (23): every processor computes them whole, so
--     they do not divide over processors (kernels/programs/replicated.lua)
-- nnz is this processor's own count from NPB's matrix pattern (kernels/programs/cg_pattern.lua).
local shares = require "kernels.programs.shares"
local pattern = require "kernels.programs.cg_pattern"
local replicated = require "kernels.programs.replicated"

local DOUBLE = 8

return function(ctx, k)
  local na, nonzer = math.tointeger(k.na), math.tointeger(k.nonzer)
  local niter, inner = math.tointeger(k.niter), math.tointeger(k.cgitmax or 25)
  local n, first = shares.equal(na, ctx.size, ctx.rank)
  local nnz = pattern.nonzeros(na, nonzer, first, n)
  local merge_bytes = DOUBLE * na / ctx.size

  local function product()        -- phase 2: global vector merge, local matrix-vector product
    ctx:allgather(merge_bytes)
    ctx:compute(2 * nnz)
  end
  local function dot(values)      -- phases 3 and 5: local dot product, global sum
    ctx:compute(2 * n * values)
    ctx:allreduce(DOUBLE * values)
  end

  for _ = 1, niter do
    -- conj_grad
    ctx:compute(4 * n)
    dot(1)                        -- rho = r.r
    for _ = 1, inner do
      product()                   -- q = A p
      dot(1)                      -- d = p.q
      replicated(ctx, 1)          -- alpha = rho / d
      ctx:compute(4 * n)          -- z += alpha p, r -= alpha q
      dot(1)                      -- rho = r.r
      replicated(ctx, 1)          -- beta = rho / rho0
      ctx:compute(2 * n)          -- p = r + beta p
    end
    product()                     -- r = A z
    ctx:compute(3 * n)            -- (x - r)^2, summed locally
    ctx:allreduce(DOUBLE)
    replicated(ctx, 20)           -- rnorm = sqrt(sum)
    -- zeta and the new x
    dot(2)                        -- x.z and z.z in one global sum
    replicated(ctx, 23)           -- 1/sqrt(z.z), zeta = shift + 1/(x.z)
    ctx:compute(n)                -- x = z / ||z||
  end
end

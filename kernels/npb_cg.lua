-- NAS Parallel Benchmark CG (NPB 3.4): the smallest eigenvalue of a random sparse symmetric
-- na x na matrix by inverse power iteration, niter outer iterations of 25 conjugate gradient
-- steps each (rcond = 0.1 as in every class). The native kernel (kernels/native/npb/cg.cpp)
-- builds NPB's matrix, runs the products over fixed chunks of rows and every dot product as a
-- reduction in a fixed tree, so zeta is bit-identical for every worker count; an official class
-- is verified against NPB's zeta, any other size by the residual of the last inner solve.
-- Work: NPB's flop count 2 niter na (3 + z (z + 1) + 25 (5 + z (z + 1)) + 3), z = nonzer.
-- Memory: values and columns (12 bytes) at NPB's capacity na (nonzer + 1)^2, row starts, and six
-- vectors of na doubles.
-- Model: t_flop seconds per flop spread over p workers, plus the parallel regions (3 per CG step,
-- 4 more per outer iteration), each a fork and join of log2 p steps of t_region.
-- Classes: require "kernels.npb_cg" (require "kernels.npb_classes".cg.A).
return kernel {
  name = "npb_cg",
  doc  = "NPB 3.4 CG: inverse power iteration with 25 CG steps per solve, W = NPB's flop count",
  size = "na",
  params = {
    na       = 1400,        -- matrix order: class S = 1400, W = 7000, A = 14000
    nonzer   = 7,           -- S = 7, W = 8, A = 11
    niter    = 15,          -- 15 in S, W and A
    shift    = 10,          -- S = 10, W = 12, A = 20
    t_flop   = 0.5 * ns,    -- seconds per flop; calibrate with fit{} against stored runs
    t_region = 20 * us,     -- fork and join of one parallel region
  },
  work   = function(k)
    local z = k.nonzer * (k.nonzer + 1)
    return 2 * k.niter * k.na * (3 + z + 25 * (5 + z) + 3)
  end,
  memory = function(k)
    return 12 * k.na * (k.nonzer + 1)^2 + 8 * (k.na + 1) + 48 * k.na
  end,
  model  = function(k, p)
    local z = k.nonzer * (k.nonzer + 1)
    local flops = 2 * k.niter * k.na * (3 + z + 25 * (5 + z) + 3)
    return { compute = flops * k.t_flop / p, sync = k.niter * (3 * 25 + 4) * k.t_region * log2(p) }
  end,
  native = "npb_cg",
  program = require "kernels.programs.npb_cg",   -- simulate mode (seed 003 §4)
}

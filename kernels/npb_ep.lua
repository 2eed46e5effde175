-- NAS Parallel Benchmark EP (NPB 3.4): 2^m pairs of uniform numbers from NPB's generator turned
-- into Gaussian deviates by the polar method, summed and counted in square annuli. The native
-- kernel (kernels/native/npb/ep.cpp) starts each batch of 2^16 pairs by skip-ahead and combines
-- the batches' sums in a fixed tree, so they are bit-identical for every worker count; an
-- official class is verified against NPB's sums, any other m by a statistical check.
-- Work: NPB's Mop/s counts the 2^(m+1) random numbers. Memory: the 16 KiB block of numbers a
-- worker fills at a time (the stream is never stored).
-- Model: perfectly parallel generation at t_number seconds per number, plus the fork, join and
-- combine of the one reduction (log2 p steps of t_combine).
-- Classes: require "kernels.npb_ep" (require "kernels.npb_classes".ep.A).
return kernel {
  name = "npb_ep",
  doc  = "NPB 3.4 EP: 2^m Gaussian pairs by the polar method, W = 2^(m+1) random numbers",
  size = "m",
  params = {
    m         = 24,          -- log2 of the pairs: class S = 24, W = 25, A = 28
    t_number  = 10 * ns,     -- seconds per random number; calibrate with fit{} against stored runs
    t_combine = 50 * us,     -- fork, join and combine of one parallel run
  },
  work   = function(k) return 2^(k.m + 1) end,
  memory = function(k) return 16 * KiB end,
  model  = function(k, p)
    return { compute = 2^(k.m + 1) * k.t_number / p, sync = k.t_combine * log2(p) }
  end,
  native = "npb_ep",
  program = require "kernels.programs.npb_ep",   -- simulate mode (seed 003 §4)
}

-- NAS Parallel Benchmark IS (NPB 3.4): 2^log2_keys integer keys in [0, 2^log2_max_key) ranked
-- 10 times by NPB's bucket method (count per bucket, scatter, rank each bucket by a histogram).
-- The native kernel (kernels/native/npb/is.cpp) cuts the keys into fixed chunks, so the ranks
-- do not depend on the worker count; an official class is verified by NPB's partial and full
-- checks, any other size against a histogram of the keys and a full sort check.
-- Work: NPB's Mop/s counts 10 * 2^log2_keys ranked keys. Memory: the keys, the bucketed keys and
-- the rank of every key value, 4 bytes each.
-- Model: t_key seconds per key and iteration spread over p workers, plus three parallel
-- regions per iteration (count, scatter, rank), each a fork and join of log2 p steps of t_region.
-- Classes: require "kernels.npb_is" (require "kernels.npb_classes".is.A).
return kernel {
  name = "npb_is",
  doc  = "NPB 3.4 IS: 2^log2_keys keys ranked 10 times by buckets, W = 10 * 2^log2_keys",
  size = "log2_keys",
  params = {
    log2_keys    = 16,      -- class S = 16, W = 20, A = 23
    log2_max_key = 11,      -- S = 11, W = 16, A = 19
    log2_buckets = 9,       -- S = 9, W = 10, A = 10
    t_key    = 2 * ns,      -- seconds per key and iteration; calibrate with fit{} against stored runs
    t_region = 20 * us,     -- fork and join of one parallel region
  },
  work   = function(k) return 10 * 2^k.log2_keys end,
  memory = function(k) return 4 * (2 * 2^k.log2_keys + 2^k.log2_max_key) end,
  model  = function(k, p)
    return { compute = 10 * 2^k.log2_keys * k.t_key / p, sync = 10 * 3 * k.t_region * log2(p) }
  end,
  native = "npb_is",
  program = require "kernels.programs.npb_is",   -- simulate mode (seed 003 §4)
}

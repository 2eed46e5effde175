-- The official problem classes S, W and A of NPB 3.4 EP, IS and CG (shared/reference/npb.md,
-- from NPB's sys/setparams.c), as parameter tables for the kernel descriptions:
--   local npb = require "kernels.npb_classes"
--   kernel = require "kernels.npb_cg" (npb.cg.A)
-- A native NPB kernel run at exactly these sizes is verified against NPB's official values.
return {
  ep = {
    S = { m = 24 },
    W = { m = 25 },
    A = { m = 28 },
  },
  is = {
    S = { log2_keys = 16, log2_max_key = 11, log2_buckets = 9 },
    W = { log2_keys = 20, log2_max_key = 16, log2_buckets = 10 },
    A = { log2_keys = 23, log2_max_key = 19, log2_buckets = 10 },
  },
  cg = {
    S = { na = 1400,  nonzer = 7,  niter = 15, shift = 10 },
    W = { na = 7000,  nonzer = 8,  niter = 15, shift = 12 },
    A = { na = 14000, nonzer = 11, niter = 15, shift = 20 },
  },
}

-- Monte Carlo estimate of pi: `samples` points thrown into the unit square, the fraction inside
-- the quarter circle times 4. The native kernel (kernels/native/apps/montecarlo.cpp) draws from a
-- counter-based generator, so the estimate is bit-identical for every worker count, and is
-- verified within 6 standard deviations of pi.
-- Model: perfectly parallel sampling at t_sample seconds per sample, plus one reduction of the
-- per-chunk counts with the fork and join around it (log2 p steps of t_combine).
return kernel {
  name = "pi",
  doc  = "Monte Carlo estimate of pi from `samples` random points",
  size = "samples",
  integer = { "samples" },  -- samples: a rule's solved size is rounded to the nearest whole one
  params = {
    samples   = 2e7,
    seed      = 271828183,
    t_sample  = 5 * ns,      -- calibrate with fit{} against stored runs
    t_combine = 50 * us,     -- fork, join and combine of one parallel run: tens of us on a small VM
  },
  work   = function(k) return k.samples end,
  memory = function(k) return 8 end,
  model  = function(k, p)
    return { compute = k.samples * k.t_sample / p, sync = k.t_combine * log2(p) }
  end,
  native = "montecarlo",
}

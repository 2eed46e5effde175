-- A calibration kernel: its time is a known law, so the metrics and the latency split a measurement
-- prints can be checked against numbers that are right by construction.
--   T(n, p) = a n / p + b log2 p + c + hidden
-- The native kernel (kernels/native/calibration/timed_law.cpp) computes nothing: each of the p
-- ranks waits a n / p + b log2 p, the caller then waits c in serial() and `hidden` outside every
-- region, where the instrumentation does not look. Measured, a point's T should be the law plus the
-- runtime's own fork and join and the ranks' wake-up (tens of microseconds on an idle host,
-- milliseconds on a busy one); its latency split should show p b log2 p as ML (the busy time the
-- p ranks add), (p - 1) c as IT and hidden (1 - 1/p) as unaccounted. The ranks sleep, so p may
-- exceed the cores; a law longer than a day is refused. The model is the law itself.
return kernel {
  name = "timed_law",
  doc  = "calibration: waits a known law T = a n/p + b log2 p + c + hidden",
  size = "n",
  integer = { "n" },
  params = {
    n      = 1e5,
    a      = 1e-7,  -- seconds per unit of n, shared by the ranks
    b      = 0,     -- seconds per doubling of p
    c      = 0,     -- serial seconds
    hidden = 0,     -- seconds in no region
  },
  work   = function(k) return k.n end,
  memory = function(k) return 8 * k.n end,
  model  = function(k, p)
    return { compute = k.a * k.n / p, latency = k.b * log2(p), serial = k.c, hidden = k.hidden }
  end,
  native = "timed_law",
}

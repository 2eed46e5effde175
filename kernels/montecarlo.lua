-- A "typical" Monte Carlo simulator (the steady-state timing models paper,
-- 004_accb5d5a432b67f2.txt §5; equations (5.1)-(5.4) are images in the seed's text, rebuilt from the
-- prose). n units (instruments, molecules, bodies) are simulated over t time slices; within a slice
-- the unit computations are independent, and slices depend on each other.
-- Sequential (5.1): T_seq = t n rho / W          rho: computing steps per unit per slice
-- Parallel (5.2), 1 < P <= n:  T_par = sum over the t slices of [ n rho / (P W) + n delta / u ]
--   delta: bytes in and out per unit per slice; Tsync is included in the two sums (each slice
--   ends when its data has been exchanged), so there is no separate sync term.
-- Speedup (5.3) = P / (1 + P W delta / (rho u)), identical to the fractal's (4.3): neither n nor t
-- changes speedup or efficiency (§5), only rho/delta, W, u and P do.
-- Defaults: rho and delta as the fractal example of §4 (32,000 instructions, 8 bytes) and W, u as
-- there; the seed gives no Monte Carlo values. n and t are small enough for one native run to take
-- about half a second on one core; by (5.3) they change no speedup.
-- Native kernel (kernels/native/apps/montecarlo_slices.cpp): each unit is a random walker taking rho
-- +-1 steps per slice from a counter-based generator (one step counted as one operation), one
-- parallel loop per slice, its join the barrier between slices; verified against the walk's known
-- law and by walking sampled units again alone.
return kernel {
  name = "montecarlo",
  doc  = "Monte Carlo over n independent units and t dependent time slices (seed 004 §5)",
  size = "n",
  integer = { "n", "t" },  -- units and time slices: a rule's solved size is rounded to the nearest whole one
  params = {
    n     = 1000,           -- simulated units
    t     = 20,             -- time slices
    rho   = 32000,          -- instructions per unit per slice
    delta = 8,              -- bytes per unit per slice (in and out)
    W     = 101 * MIPS,     -- processor power
    u     = 100 * MBps,     -- network capacity
  },
  work   = function(k) return k.t * k.n * k.rho end,
  memory = function(k) return k.delta * k.n end,
  model  = function(k, p, m)
    return {
      compute = k.t * k.n * k.rho / (p * k.W),
      comm    = where(gt(p, 1), k.t * k.n * k.delta / k.u, 0),
    }
  end,
  native = "montecarlo_slices",  -- the time-sliced program of seed 004 §5
}

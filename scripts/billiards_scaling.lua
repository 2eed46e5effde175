-- Seed 000 (000_4d83e4b2b26c01b9.txt, Scale-Graph / latency metric) §5.3 and §6: the four scaling
-- methods of the one-dimensional billiard-ball simulation on the KSR-1, and the latency scalability
-- triple of Fig. 14 (time-bound / E-conserved / memory-bound).
--   Method I   fixed problem (Fig. 9-11): time falls to a minimum at px processors, then rises
--              (measured px = 53 on the KSR-1, §6.3); the speedup report searches px.
--   Method II  balls scaled with the processors at constant memory per processor (memory_bound,
--              B = the KSR-1's 32 MB local cache per processor), steps fixed: the main loop gets
--              faster per processor as dependencies fall, efficiency improves.
--   Method III steps scaled at a fixed number of balls, here to a 100 s time bound (time_bound):
--              efficiency does not improve (§5.2).
--   Method IV  balls and steps scaled together at 5:1 (§6.4), here under E-conserved scaling
--              (efficiency{ E = 0.5 }), with the triple of Fig. 14: T = 100 s and E = 0.5 as in
--              §6.4.1; the paper does not give its memory bound, B = 32 MB per processor is used.
-- Everything comes from kernels/billiards.lua, whose times are assumed (the seed publishes none), so
-- the numbers are the model's, not the KSR-1's. The seed quotes, for 4 -> 32 processors in Fig. 14,
-- 0.82 (time-bound), 0.54 (E-conserved) and 0.53 (memory-bound); the model is not fitted to them and
-- gives 0.57 / 0.08 / 0.48: it keeps the paper's ranking of time-bound above the other two, but its
-- E-conserved sizes must grow about as p^2 (thread creation (p - 1) t_thread and the birthday-style
-- dependency idle ~ h p^2 / balls dominate the overhead at E = 0.5), so its E-conserved scalability
-- is far lower than the measured one.
-- Compare the columns E of Methods II and III for the paper's qualitative finding: with the defaults
-- E stays at 0.85-0.90 when the balls grow (II) and falls from 0.82 to 0.42 when the steps grow (III).
-- The fixed-size optimum of Method I is px = 61 (seed: 53). Es columns are meaningless here: the
-- kernel's work counts events, not floating-point operations.
local ksr1      = require "machines.ksr1"
local billiards = require "kernels.billiards"

local procs = { 4, 8, 16, 32, 64 }   -- Fig. 14
local B = param("B", ksr1.memory, "memory bound per processor for Method II and the triple, bytes")

experiment {
  name   = "method1-fixed",
  title  = "Method I: fixed balls and steps (seed 000 §5.3, Figs. 9-11)",
  machine = ksr1, kernel = billiards,
  procs  = { 1, 4, 8, 16, 32, 64 },
  scale  = fixed {},
  report = { "scaled", "speedup", "latency" },
  px_max = 256,
}

experiment {
  name   = "method2-balls",
  title  = "Method II: balls scaled to the memory bound, steps fixed (seed 000 §5.3)",
  machine = ksr1, kernel = billiards,
  procs  = procs,
  scale  = memory_bound { per_proc = B, vary = "balls" },
  report = { "scaled", "latency" },
}

experiment {
  name   = "method3-steps",
  title  = "Method III: steps scaled to a 100 s time bound, balls fixed (seed 000 §5.3)",
  machine = ksr1, kernel = billiards,
  procs  = procs,
  scale  = time_bound { T = 100, vary = "steps" },
  report = { "scaled", "latency" },
}

experiment {
  name   = "method4-both",
  title  = "Method IV: balls and steps at 5:1, E-conserved at E = 0.5 (seed 000 §6.4, Fig. 14)",
  machine = ksr1, kernel = billiards,
  procs  = procs,
  scale  = efficiency { E = 0.5, vary = { balls = 5, steps = 1 } },
  report = { "scaled", "latency", "triple", "overhead" },
  bounds = { T = 100, E = 0.5, B = B },
}

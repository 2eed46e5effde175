-- One-dimensional billiard-ball (hard-sphere liquid) discrete-event simulation, parallelised over
-- collision events (the Scale-Graph / latency-metric paper, 000_4d83e4b2b26c01b9.txt §5-§6).
--
-- From the seed:
--   §5.2 input parameters: the number of balls and the number of steps; in the parallel loop
--        "i = i + k - 1" counts processed collisions up to nstep, so steps = collision events.
--   §5.2 memory: M = C * num_balls; §6.4.2: C = 960 bytes (30 floating-point fields) on the KSR-1.
--   §5.2 execution time grows in proportion to the balls (initialisation only) and to the steps.
--   §5.2 parallel loop: each iteration, processor j takes the j-th earliest collision; if the one at
--        processor k depends on an earlier one, only the first k - 1 proceed and the rest stay idle;
--        then all processors meet at a barrier. More balls spread the events out and reduce the
--        dependencies; more steps do not: efficiency "is not expected to be improved" by scaling the
--        steps, and "improves" when the balls are scaled.
--   Def. 2 and §6.1: latency = idle time (IT), memory reference latency (ML) and parallel primitives
--        (PT: synchronisation, thread creation).
--   §6.3: a fixed-size run has an optimum px (53 processors measured on the KSR-1), then slows down.
--
-- Native (measure mode): kernels/native/billiards/ runs the simulation on this host, balls evenly
-- spaced in a box of length balls with diameter 1/2, velocities uniform in [-1, 1), and checks
-- every run bit for bit against the serial event order. Its work is the same W = steps + balls;
-- its memory is its own bytes per ball, not the KSR-1's C.
--
-- Model:
--   W = steps + balls                      work, in events and ball initialisations
--   w = batch p                            candidates per iteration: the seed takes one per processor
--                                          (batch = 1); the native kernel may take more per worker
--   u = w / sqrt(1 + h (w - 1)^2 / balls)  mean collisions done per iteration. Birthday argument: the
--                                          k-th of the w earliest events conflicts with one of the
--                                          k - 1 before it with probability ~ (k - 1) h / balls, so
--                                          the run before the first conflict is ~ w while
--                                          h w^2 << balls and saturates at ~ sqrt(balls / h);
--                                          h is the dependency hazard (overlaps plus early
--                                          re-collisions, per neighbouring pair). u(1) = 1 at batch 1.
--   iterations I = steps / u
--   compute = (steps t_event + balls t_ball) / p       ideal parallel work
--   serial  = (p - 1) t_thread                         PT: the master creates the p - 1 threads
--   idle    = steps t_event (1/min(u, p) - 1/p)        IT: with u < p processors k..p wait in each
--                                                      iteration; shrinks as the balls grow (with
--                                                      u >= p the uneven last round is neglected)
--   sync    = I (t_barrier log2 p + 2 r(p))            PT: a tree barrier per iteration (log2 p
--                                                      software levels), arrival and release each
--                                                      crossing the ring
--   latency = I refs r(p) (1 - 1/p)                    ML: each event reads its balls' data, remote
--                                                      with probability 1 - 1/p
--   r(p) = m:ring_latency(p) on a machine with rings (KSR-1: 150 cycles = 7.5 us in ring:0, 570
--   cycles = 28.5 us across ring:1); on a machine with a network instead, its latency + overhead;
--   otherwise 0.
-- Efficiency: the steps scale compute, idle, sync and latency alike, so E does not improve with the
-- steps; more balls lower 1/u (less idle, fewer iterations and barriers) and add parallel
-- initialisation, so E improves with the balls, as §5.2 reports.
--
-- ASSUMED constants (the seed reports no times for this program): t_event = 300 us per collision
-- (about 1,700 operations at the KSR-1's sustained 5.56 Mflops of 001 eq. 23, for the event-queue
-- insertion that takes 95 % of the time, §6.2), t_ball = 30 us per ball (30 fields and one queue
-- insertion), t_barrier = 20 us per barrier level, refs = 2 remote references per event, and
-- h = 1, t_thread = 2 ms, picked so that the default problem (5,000 balls as in the §6.2 profile,
-- 20,000 collisions) has its fixed-size optimum in the second ring (px = 61), as the measured
-- px = 53 is. The optimum is sensitive to them: the jump of r(p) at p = 33 makes p = 32 the optimum
-- for slightly larger h or t_thread. Refit them with fit{} from timings where available.
return kernel {
  name = "billiards",
  doc  = "1-D billiard-ball event simulation, events in parallel with a barrier per iteration (seed 000 §5)",
  size = "balls",
  integer = { "balls", "steps" },  -- balls and collision events: a rule's solved size is rounded to the nearest whole one
  params = {
    balls     = 5000,
    steps     = 20000,        -- collision events
    C         = 960,          -- bytes per ball on the KSR-1 (seed 000 §6.4.2)
    t_event   = 300 * us,     -- sequential time per collision event (assumed, see header)
    t_ball    = 30 * us,      -- initialisation time per ball (assumed)
    h         = 1,            -- dependency hazard: conflicts ~ h p^2 / balls (assumed)
    t_barrier = 20 * us,      -- software cost per barrier tree level (assumed)
    refs      = 2,            -- remote memory references per event (assumed)
    t_thread  = 2 * ms,       -- creating one thread (assumed)
    batch     = 1,            -- candidate events per processor per iteration (the seed: 1)
    seed      = 1,            -- random stream of the starting velocities and masses (native only)
    masses    = 1,            -- distinct ball masses, 1: all equal as in the seed (native only)
  },
  work   = function(k) return k.steps + k.balls end,
  memory = function(k) return k.C * k.balls end,
  model  = function(k, p, m)
    local r = 0
    if m and m.topology then
      r = m:ring_latency(p)
    elseif m and m.network then
      r = (m.network.latency or 0) + (m.network.overhead or 0)
    end
    local w = k.batch * p
    local u = w / math.sqrt(1 + k.h * (w - 1)^2 / k.balls)
    local iterations = k.steps / u
    return {
      compute = (k.steps * k.t_event + k.balls * k.t_ball) / p,
      serial  = (p - 1) * k.t_thread,
      idle    = k.steps * k.t_event * (1 / math.min(u, p) - 1 / p),
      sync    = iterations * (k.t_barrier * log2(p) + 2 * r * gt(p, 1)),
      latency = iterations * k.refs * r * (1 - 1 / p),
    }
  end,
  native = "billiards",
}

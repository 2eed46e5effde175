-- Heterogeneous Gaussian elimination for A x = b, A N x N (the STAS paper, 002_f0da52e7e2d6c7d5.txt
-- §4.2.1).
-- Work as printed in seed 002 §4.2.1 ("sum of the workload in each node"):
--   W(N) = 2/3 N^3 - 1/2 N^2 - 3 1/6 N + 3,
-- read with the mixed number 3 1/6 = 19/6 (the extracted text is "3\frac{1}{6}N"). This W is 0 at
-- N = 1 and N = 2 and positive from N = 3 on; the cubic term dominates at the sizes studied.
-- Algorithm (seed 002 §4.2.1): (1) process 0 distributes A and b row-cyclically, proportionally to the
-- marked speeds; (2) for i = 0 .. N-2: the owner of the pivot row broadcasts it to all processes, each
-- eliminates its rows below the pivot, then (2.2) all processes synchronise ("due to data dependence");
-- (3) process 0 collects the results and does the back substitution.
-- Model on p nodes of total marked speed C = m:marked_speed(p):
--   compute = W / C                          elimination spread proportionally to marked speed
--   serial  = N^2 (p - 1) / C                back substitution (about N^2 operations) runs on process 0
--                                            alone at about the mean node speed C/p: the excess over
--                                            its ideal share N^2 / C
--   comm    = e (N^2 + N)(1 - 1/p) / bw      distribute A and b
--           + e N (N + 1)/2 * ceil(log2 p) / bw   pivot rows of N - i + 1 elements, broadcast by a
--                                            binomial tree (MPI_Bcast: ceil(log2 p) rounds)
--           + e N^2 / 2 (1 - 1/p) / bw       collect the upper triangle
--   latency = [ (N - 1) ceil(log2 p) + 2 (p - 1) ] (latency + overhead)   message start-ups of the
--                                            broadcasts, the distribution and the collection
--   contention = e N (N + 1)/2 max(0, (p - 1)/capacity - ceil(log2 p)/bandwidth)   only when the
--                                            network gives a capacity (a shared bus, seed 003 §6):
--                                            the p - 1 copies of each pivot row then serialise
--   sync    = (N - 1) ceil(log2 p) (latency + overhead)   a barrier (log2 p message rounds) per step
-- e = 8 bytes. All overhead terms vanish at p = 1; without m.network only compute and serial remain.
local function W(N) return 2 / 3 * N^3 - 1 / 2 * N^2 - 19 / 6 * N + 3 end

return kernel {
  name = "gauss",
  doc  = "heterogeneous Gaussian elimination with pivot-row broadcast and a barrier per step (seed 002 §4.2.1)",
  size = "N",
  integer = { "N" },  -- a matrix order: a rule's solved size is rounded to the nearest whole one
  params = {
    N    = 512,
    elem = 8,     -- bytes per element (double precision)
  },
  work   = function(k) return W(k.N) end,
  memory = function(k) return k.elem * (k.N^2 + 2 * k.N) end,
  model  = function(k, p, m)
    local N = k.N
    local C = m:marked_speed(p)
    local comm, latency, contention, sync = 0, 0, 0, 0
    if m.network then
      local net = m.network
      local start = (net.latency or 0) + (net.overhead or 0)
      local rounds = math.ceil(log2(p))
      comm = k.elem * ((N^2 + N) * (1 - 1 / p) + N * (N + 1) / 2 * rounds + N^2 / 2 * (1 - 1 / p)) / net.bandwidth
      latency = ((N - 1) * rounds + 2 * (p - 1)) * start
      sync = (N - 1) * rounds * start
      if net.capacity then
        contention = k.elem * N * (N + 1) / 2 * math.max(0, (p - 1) / net.capacity - rounds / net.bandwidth)
      end
    end
    return {
      compute = W(N) / C,
      serial  = N^2 * (p - 1) / C,
      comm    = comm,
      latency = latency,
      contention = contention,
      sync    = sync,
    }
  end,
  native = "gauss",
  program = require "kernels.programs.gauss",
}

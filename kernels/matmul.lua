-- Heterogeneous row-block matrix multiplication C = A x B, N x N doubles (the STAS paper,
-- 002_f0da52e7e2d6c7d5.txt §4.2.2; communication volume after 004_accb5d5a432b67f2.txt §6).
-- Work (seed 002 §4.2.2): W(N) = 2 N^3.
-- Algorithm (seed 002 §4.2.2, HoHe strategy): process 0 distributes A by a row-based heterogeneous
-- block distribution (rows proportional to the nodes' marked speeds), then distributes B (whole) to
-- the other nodes, each node multiplies its rows, and process 0 collects C.
-- Model on p nodes of total marked speed C = m:marked_speed(p) (seed 002 §2: C = sum of C_i):
--   compute = W / C          rows proportional to marked speed: all nodes finish together
--   comm    = e N^2 [ 2 (1 - 1/p) + r_B ] / bandwidth
--             A scattered and C gathered through process 0's link (process 0 keeps about 1/p of the
--             rows), and B sent whole to every node:
--               broadcast = "tree"   (default) MPI_Bcast by a binomial tree: r_B = ceil(log2 p) rounds
--                                    of N^2 elements each, the rounds' transfers in parallel on a
--                                    switched network;
--               broadcast = "serial" B sent by process 0 to each of the p - 1 others: r_B = p - 1,
--                                    the seed 004 §6 bound ("at most P n^2 data items on the network,
--                                    assuming no hardware broadcast support").
--   latency = [ 2 (p - 1) + r_B ] (latency + overhead)   message start-ups
--   contention = e N^2 max(0, (p - 1) / capacity - r_B / bandwidth)   only when the network gives a
--             capacity (a shared medium such as a bus, seed 003 §6: "all the messages have to be
--             sequentially handled on the bus"): the p - 1 copies of B cannot overlap, so the
--             broadcast takes at least (p - 1) e N^2 / capacity; the excess over the tree time is
--             contention. A network without capacity (switched, or a hypercube where a tree maps
--             contention-free, seed 003 §6) has none.
-- e = 8 bytes (double). Terms are zero at p = 1. On a machine without a network table the comm and
-- latency terms are 0 (nothing to charge them to).
return kernel {
  name = "matmul",
  doc  = "heterogeneous row-block N x N matrix multiplication, W = 2 N^3 (seed 002 §4.2.2)",
  size = "N",
  integer = { "N" },  -- a matrix order: a rule's solved size is rounded to the nearest whole one
  params = {
    N         = 512,
    elem      = 8,        -- bytes per matrix element (double precision)
    broadcast = "tree",   -- how B reaches the nodes: "tree" (MPI_Bcast) or "serial" (p - 1 sends)
  },
  work   = function(k) return 2 * k.N^3 end,
  memory = function(k) return 3 * k.elem * k.N^2 end,
  model  = function(k, p, m)
    local C = m:marked_speed(p)
    local comm, latency, contention = 0, 0, 0
    if m.network then
      local net = m.network
      -- a string setting, not a symbolic value: choosing on it keeps the model traceable
      local rounds_B = (k.broadcast == "serial") and (p - 1) or math.ceil(log2(p))
      comm = k.elem * k.N^2 * (2 * (1 - 1 / p) + rounds_B) / net.bandwidth
      latency = (2 * (p - 1) + rounds_B) * ((net.latency or 0) + (net.overhead or 0))
      if net.capacity then
        contention = k.elem * k.N^2 * math.max(0, (p - 1) / net.capacity - rounds_B / net.bandwidth)
      end
    end
    return {
      compute = 2 * k.N^3 / C,
      comm    = comm,
      latency = latency,
      contention = contention,
    }
  end,
  native = "matmul",
  program = require "kernels.programs.matmul",
}

-- Simulate mode agrees with a model that is exact for the program. The kernel computes W/p in
-- `rounds` equal steps and after each passes `bytes` to the next processor in a ring. On a switched
-- network every message holds only its sender's and its receiver's link, one message each, so the
-- network is contention-free, and each round costs exactly
--   W / (p rounds speed) + overhead (send) + latency + bytes / bandwidth + overhead (receive).
-- The model says so; the simulated times (contention-free network and real network) must equal it
-- to rounding (relative 1e-9) at every p.
local cluster = machine {
  name  = "switched test cluster",
  speed = 1e8, procs = 16,
  network = { kind = "switched", bandwidth = 1e8, latency = 5 * us, overhead = 20 * us },
}

local ring = kernel {
  name = "ring-shift",
  params = { W = 1e8, rounds = 10, bytes = 1e5 },
  work = function(k) return k.W end,
  model = function(k, p, m)
    local net = m.network
    local round = 2 * net.overhead + net.latency + k.bytes / net.bandwidth
    return { compute = k.W / (p * m.speed), comm = k.rounds * math.min(1, p - 1) * round }
  end,
  program = function(ctx, k)
    local p, me = ctx.size, ctx.rank
    for _ = 1, k.rounds do
      ctx:compute(k.W / (p * k.rounds))
      if p > 1 then
        ctx:send((me + 1) % p, k.bytes)
        ctx:recv((me - 1) % p)
      end
    end
  end,
}

local r = experiment {
  name = "model-vs-program", mode = "simulate", machine = cluster, kernel = ring,
  procs = { 1, 2, 4, 8, 16 }, report = { "speedup" },
}

local expect = {}
for _, row in ipairs(r.tables.speedup.rows) do expect[#expect + 1] = { row.p, row.model, row.model } end
check {
  name = "simulated-equals-model", of = "model-vs-program", table = "speedup", key = "p",
  columns = { "T_cf", "T" }, rel_tol = 1e-9, show = "all",
  source = "the kernel's exact model", expect = expect,
}

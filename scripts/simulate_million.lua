-- A million simulated processors: an allreduce and a nearest-neighbour exchange on a switched
-- cluster of 1,048,576 nodes, each point simulated three times (ideal, contention-free, real) so
-- that the overheads separate. Neither program sends a value or reads the clock, so both are
-- recorded ahead and replayed without a coroutine per processor (docs/VOCABULARY.md, "Programs
-- recorded ahead"): about half a gigabyte and half a minute each on one core (docs/PERFORMANCE.md).
-- --set p=4096 for a quick look.
local p = param("p", 1048576, "simulated processors (a square number keeps the grid square)")
local procs = { 1 }
if p > 1 then procs[2] = p end

local speed, L, B, o = 4.2e9, 1e-6, 10e9, 0.5e-6
local cluster = machine {
  name = "cluster", speed = speed, procs = p,
  network = { kind = "switched", bandwidth = B, latency = L, overhead = o },
}

-- One allreduce of 8 bytes after a slice of work: log2 p rounds of recursive doubling.
local allreduce = kernel {
  name = "allreduce", params = { ops = 4.2e6 },
  program = function(ctx, k)
    ctx:compute(k.ops / ctx.size)
    ctx:allreduce(8)
  end,
}

-- A periodic side x side grid of processors: each round every processor sends `bytes` to its four
-- neighbours, receives from them, and computes its share.
local exchange = kernel {
  name = "neighbour_exchange", params = { bytes = 1024, rounds = 2, ops = 4.2e8 },
  program = function(ctx, k)
    local side = math.floor(math.sqrt(ctx.size) + 0.5)
    if side * side ~= ctx.size then side = ctx.size end  -- not square: a ring
    local x, y = ctx.rank % side, ctx.rank // side
    local rows = ctx.size // side
    local function at(i, j) return (j % rows) * side + (i % side) end
    local peers = { at(x + 1, y), at(x - 1, y), at(x, y + 1), at(x, y - 1) }
    for _ = 1, k.rounds do
      for _, q in ipairs(peers) do ctx:send(q, k.bytes) end
      for _, q in ipairs(peers) do ctx:recv(q) end
      ctx:compute(k.ops / ctx.size)
    end
  end,
}

for _, k in ipairs({ allreduce, exchange }) do
  experiment { name = k.name .. "-million", machine = cluster, kernel = k, procs = procs, mode = "simulate",
               report = { "speedup", "overhead", "links" } }
end

-- Checked. Recursive doubling on a switched network shares no link: each of log2 p rounds costs a
-- send overhead, one message (L + 8/B) and a receive overhead, the LogP figure to rounding.
local rounds = math.log(p, 2)
if p > 1 and rounds == math.floor(rounds) then
  check {
    name = "allreduce-logp", of = "allreduce-million", table = "speedup", key = "p", columns = { "T" },
    rel_tol = 1e-9, source = "LogP: T = ops / (p speed) + log2 p (2 o + L + 8 / B)",
    expect = { { p, allreduce.params.ops / p / speed + rounds * (2 * o + L + 8 / B) } },
  }
end
-- The exchange's four messages leave a sender o apart, longer than one takes on its link (1 kB at
-- 10 GB/s: 0.1 us), so no two ever wait for each other: no contention anywhere.
if p > 1 then
  check {
    name = "exchange-no-contention", of = "neighbour_exchange-million", table = "overhead", key = "p",
    columns = { "contention", "net_contention" }, abs_tol = 1e-15,
    source = "sends spaced by the software overhead, each shorter than it on its link",
    expect = { { p, 0, 0 } },
  }
end

-- A configured copy replaces kernel fields as well as parameters: here the program (simulate
-- mode runs the copy's), the model and the name, beside a parameter. The simulated one-processor
-- time is W / speed, so the expected times are computed from the programs' own work.
local cluster = machine {
  name = "test cluster", speed = 1e8, procs = 4,
  network = { kind = "switched", bandwidth = 1e8, latency = 5 * us, overhead = 20 * us },
}
local base = kernel {
  name = "work",
  params = { W = 1e8 },
  work = function(k) return k.W end,
  model = function(k, p, m) return k.W / (p * m.speed) end,
  program = function(ctx, k) ctx:compute(k.W / ctx.size) end,
}
-- The copy does twice the work per processor in its program, and says so in its model.
local twice = base {
  name = "work-twice",
  W = 2e8,
  program = function(ctx, k) ctx:compute(2 * k.W / ctx.size) end,
  model = function(k, p, m) return 2 * k.W / (p * m.speed) end,
}
if twice.name ~= "work-twice" or twice.W ~= 2e8 or base.W ~= 1e8 then error("the copy did not take its fields") end

for _, case in ipairs { { k = base, factor = 1 }, { k = twice, factor = 2 } } do
  local name = "sim-" .. case.k.name
  experiment { name = name, mode = "simulate", machine = cluster, kernel = case.k, procs = { 1 }, report = { "speedup" } }
  check {
    name = name .. "-time", of = name, table = "speedup", key = "p", columns = { "T" }, rel_tol = 1e-9,
    source = "factor W / speed", expect = { { 1, case.factor * case.k.W / cluster.speed } },
  }
  experiment { name = "model-" .. case.k.name, machine = cluster, kernel = case.k, procs = { 1 }, report = { "formula" } }
end

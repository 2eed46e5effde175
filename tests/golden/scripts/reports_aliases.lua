-- The names a mode takes for one of its own reports: 'scaled' is measure mode's 'measured' table
-- and simulate mode's 'speedup'; 'compare' is simulate mode's 'speedup' (the model beside the
-- simulated times). Each table comes once, however many names ask for it.
experiment {
  name = "measured-as-scaled", mode = "measure", kernel = require "kernels.pi" { samples = 1e5 },
  procs = { 1, 2 }, repeats = 1, warmup = 0, report = { "scaled", "measured" },
}
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local even = kernel {
  name = "even", params = { n = 1e6 },
  model = function(k, p) return k.n / (p * 1e6) end,
  program = function(ctx, k) ctx:compute(k.n / ctx.size) end,
}
local r = experiment {
  name = "simulated-as-scaled", mode = "simulate", machine = bus, kernel = even, procs = { 1, 2 },
  report = { "scaled", "compare", "speedup" },
}
local names = {}
for name in pairs(r.tables) do
  if type(name) == "string" then names[#names + 1] = name end
end
table.sort(names)
print("simulate tables: " .. table.concat(names, ", "))

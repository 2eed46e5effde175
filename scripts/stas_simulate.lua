-- The STAS paper's three heterogeneous programs (002_f0da52e7e2d6c7d5.txt §4.2: Gaussian elimination,
-- matrix multiplication, 2-D FFT convolution) simulated on the Sunwulf machine sets (seed 002 §3.3,
-- Table 1: Set1 = sunwulf server + 1 SunFire, doubling up to Set4 = 16 nodes here), each set as it
-- is: a server, SunBlades and SunFires of different marked speeds (machines/sunwulf.lua).
--
-- The programs (kernels/programs/gauss.lua, matmul.lua, conv2d.lua) give each process rows in
-- proportion to its marked speed, read with ctx:speed(rank). Each set is simulated on the ideal
-- machine, on Fast Ethernet without contention and on Fast Ethernet as it is; the kernel's model
-- stands beside the simulated times, evaluated on the same nodes (m:marked_speed(p) = the set's C).
--
-- Checked: on the ideal machine every node finishes its share together, so the time is the work
-- over the set's marked speed, T_ideal = W / C (seed 002 §2: C is the sum of the nodes' speeds);
-- within 10 %, since rows are whole (one row more or less than the exact share per node) and
-- Gaussian elimination's back substitution runs on process 0 alone. An equal split would be held
-- up by the slowest node instead: 38 % slower on Set1 (the server's 20.77 Mflops beside the
-- SunFire's 36.75).
-- Printed to stderr: the speed-efficiency Es = W / (T C) of seed 002 per set, simulated and modelled.
local sunwulf = require "machines.sunwulf"
local gauss   = require "kernels.gauss"
local matmul  = require "kernels.matmul"
local conv2d  = require "kernels.conv2d"

local max_sets = param("max_sets", 4, "how many machine sets (Set5 = 32 nodes is the last Sunwulf holds)")
local sets = machine_sets { machine = sunwulf, start = { server = 1, sunfire = 1 }, max_sets = max_sets }

local studies = {
  { key = "ge",     kernel = gauss },
  { key = "mm",     kernel = matmul },
  { key = "2dconv", kernel = conv2d },
}

local results = {}
for _, study in ipairs(studies) do
  for _, set in ipairs(sets) do
    local name = study.key .. "-" .. set.name
    results[name] = experiment {
      name    = name,
      title   = string.format("%s on Sunwulf %s (%d nodes), simulated", study.kernel.name, set.name, set.procs),
      mode    = "simulate",
      machine = set,
      kernel  = study.kernel,
      procs   = { set.procs },
      report  = { "speedup" },
    }
  end
end

-- Under --dry-run experiments return only their 'points' table: nothing to check then.
if results["ge-" .. sets[1].name].tables.speedup == nil then return end

for _, study in ipairs(studies) do
  local W = study.kernel.work(study.kernel)
  for _, set in ipairs(sets) do
    local name = study.key .. "-" .. set.name
    check {
      name = name .. "-balanced", of = name, table = "speedup", key = "p", columns = { "T_ideal" },
      rel_tol = 0.1, show = "all",
      source = "seed 002 §4.2: rows in proportion to marked speed, so T_ideal = W / C",
      expect = { { set.procs, W / set.marked } },
    }
  end
end

io.stderr:write("speed-efficiency Es = W / (T C) on the Sunwulf sets, simulated (model in parentheses):\n")
for _, study in ipairs(studies) do
  local W = study.kernel.work(study.kernel)
  local parts = {}
  for _, set in ipairs(sets) do
    local row = results[study.key .. "-" .. set.name].tables.speedup.rows[1]
    local model = row.model and string.format("%.2f", W / (row.model * set.marked)) or "-"
    parts[#parts + 1] = string.format("%s %.2f (%s)", set.name, W / (row.T * set.marked), model)
  end
  io.stderr:write(string.format("  %-7s %s\n", study.key, table.concat(parts, "  ")))
end

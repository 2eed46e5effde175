-- Seed 002 (002_f0da52e7e2d6c7d5.txt, STAS) §4.3: isospeed-efficiency scalability of Gaussian
-- elimination (GE), matrix multiplication (MM) and 2-D FFT convolution (2DConv) on the Sunwulf
-- machine sets of Table 1, at a target speed-efficiency Es = W/(T C) = 0.2.
--
-- The machine sets come from machine_sets{} (seed 002 §3.3): Set1 = sunwulf server + 1 SunFire, then
-- doubling with nodes balanced over the groups, up to Set5 (32 nodes). The check at the end compares
-- their marked speeds with Table 1 (within 1 %; machines/sunwulf.lua explains the group speeds).
--
-- For each kernel the scaled table gives the matrix rank N that reaches Es = 0.2 on each set, and
-- psi_e(C, C') = C'W/(CW') between sets. Seed 002 Table 2 lists, for consecutive sets,
--   GE 0.35 0.22 0.27 0.32 | MM 0.51 0.42 0.39 0.43 | 2DConv 0.54 0.45 0.42 0.61.
-- Those came from measurements (STAS tuned N by +-2 % steps until the measured Es reached 0.2); the
-- numbers here come from the kernels' analytic models (compute at the marked speed, Ethernet
-- transfers through process 0, MPI start-ups at an assumed 100 us) and are not expected to match
-- them; a summary line per kernel goes to stderr. With the default models they come out as
--   GE 0.19 0.27 0.29 0.28 | MM 0.16 0.16 0.15 0.16 | 2DConv 0.27 0.28 0.12 0.00,
-- so the paper's ordering (2DConv > MM > GE) is not reproduced: at the marked speed a node computes
-- far faster than process 0's 100 Mbit/s link feeds it, and 2DConv's O(N^2) image traffic against
-- only O(N^2 lg N) work needs lg N to grow with C (N jumps to ~5,700 at Set5). The measured runs
-- achieved speeds well below the NPB marked speeds, which the models do not know about.
-- The E column of the scaled tables is not a sequential-baseline efficiency here: for a machine set
-- m:marked_speed(p) is the set's C at every p, so T(1) is evaluated with the whole set's speed.
local sunwulf = require "machines.sunwulf"
local gauss   = require "kernels.gauss"
local matmul  = require "kernels.matmul"
local conv2d  = require "kernels.conv2d"

local Es = param("Es", 0.2, "target speed-efficiency")
local sets = machine_sets { machine = sunwulf, start = { server = 1, sunfire = 1 } }

local results = {}
for _, study in ipairs {
  { name = "ge-sunwulf",     kernel = gauss,  title = "GE-Sunwulf" },
  { name = "mm-sunwulf",     kernel = matmul, title = "MM-Sunwulf" },
  { name = "2dconv-sunwulf", kernel = conv2d, title = "2DConv-Sunwulf" },
} do
  results[study.name] = experiment {
    name   = study.name,
    title  = study.title .. ": isospeed-e scaling on the Sunwulf machine sets (seed 002 §4.3)",
    kernel = study.kernel,
    sets   = sets,
    scale  = isospeed_e { Es = Es, vary = "N", range = { 4, 1e6 } },
    report = { "scaled", "psi" },
  }
end

-- Under --dry-run experiments return only their 'points' table: nothing to check or summarise then.
if results["ge-sunwulf"].tables.scaled == nil then return end

-- The marked speeds of the sets against seed 002 Table 1 (a check: within 1 %).
check {
  name = "table1-marked-speeds", of = "ge-sunwulf", table = "scaled", key = "p", columns = { "C" },
  rel_tol = 0.01, show = "all", source = "seed 002 Table 1 (Mflops)",
  expect = {
    { 2, 57.72 * Mflops }, { 4, 113.57 * Mflops }, { 8, 226.64 * Mflops },
    { 16, 455.71 * Mflops }, { 32, 911.45 * Mflops },
  },
}

-- Consecutive-set psi_e next to seed 002 Table 2 (measured; not a check, see the header). Written to
-- stderr so that --format json/csv output stays machine-readable.
local table2 = {
  ["ge-sunwulf"]     = { 0.35, 0.22, 0.27, 0.32 },
  ["mm-sunwulf"]     = { 0.51, 0.42, 0.39, 0.43 },
  ["2dconv-sunwulf"] = { 0.54, 0.45, 0.42, 0.61 },
}
io.stderr:write("psi_e(Set i, Set i+1) from the models, seed 002 Table 2 (measured) in parentheses:\n")
for _, name in ipairs { "ge-sunwulf", "mm-sunwulf", "2dconv-sunwulf" } do
  local rows = results[name].tables.scaled.rows
  local parts = {}
  for i = 1, #rows - 1 do
    local a, b = rows[i], rows[i + 1]
    parts[#parts + 1] = string.format("%.2f (%.2f)", (b.C * a.W) / (a.C * b.W), table2[name][i])
  end
  io.stderr:write(string.format("  %-15s %s\n", name, table.concat(parts, "  ")))
end

-- Sizes a kernel declares whole are solved, rounded by the declared rule, and reported at the
-- rounded size. The model T = n t / p under time_bound { T = 1 } solves n = p / t exactly, so
-- the expected sizes and times are computed here from that formula, not copied from a run.
local t = 0.3
local chunks = kernel {
  name = "chunks",
  size = "n",
  integer = { "n" },
  params = { n = 8, t = t },
  work = function(k) return k.n end,
  model = function(k, p, m) return k.n * k.t / p end,
}
local procs = { 1, 2, 4 }

local function expect(round)
  local rows = {}
  for i, p in ipairs(procs) do
    local n = round(p / t)
    rows[i] = { p, n, n * t / p }
  end
  return rows
end

local function nearest(x) return math.floor(x + 0.5) end

for _, case in ipairs {
  { name = "nearest", kernel = chunks, round = nearest },
  { name = "up", kernel = chunks { integer = { n = "up" } }, round = math.ceil },
  { name = "down", kernel = chunks { integer = { n = "down" } }, round = math.floor },
  { name = "real", kernel = chunks { integer = false }, round = function(x) return x end },
} do
  experiment {
    name = "whole-" .. case.name, kernel = case.kernel, procs = procs,
    scale = time_bound { T = 1, vary = "n" }, report = { "scaled" },
  }
  check {
    name = "rounded-" .. case.name, of = "whole-" .. case.name, table = "scaled", key = "p",
    columns = { "n", "T" }, rel_tol = 1e-9, source = "n = p/t rounded " .. case.name .. ", T = n t/p",
    expect = expect(case.round),
  }
end

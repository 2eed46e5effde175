-- Two node groups on this host through an MPI application context: 1 rank of group "fast" and 3 of
-- group "slow", with marked speeds 3:1. The MM kernel splits its rows in proportion to the speeds
-- scalerun passes; the check compares each rank's row count, which the rank reports itself, with
-- n times its share of the set's marked speed.
local two_speed = machine {
  name = "two-speed localhost",
  groups = {
    { name = "fast", count = 1, speed = 3e9, hosts = { "localhost" } },
    { name = "slow", count = 3, speed = 1e9, hosts = { "localhost", "localhost", "localhost" } },
  },
  launcher = { oversubscribe = true },
}
local n = 240
local sets = machine_sets { machine = two_speed, start = { fast = 1, slow = 1 } }
local set = sets[#sets]  -- Set2: the fast node and the three slow ones
experiment {
  name = "mm-groups", mode = "measure", kernel = require("kernels.mpi_mm") { n = n },
  sets = { set }, repeats = 1, warmup = 0,
  report = { "measured", "ranks" },
}

-- Rank order is group order (the application context's lines), then node order in a group.
local expect, rank = {}, 0
for _, g in ipairs(two_speed.groups) do
  for _ = 1, set.composition[g.name] do
    expect[#expect + 1] = { rank, n * g.speed / set.marked }
    rank = rank + 1
  end
end
check {
  name = "rows-by-marked-speed", of = "mm-groups", table = "ranks", key = "rank", columns = { "rows" },
  expect = expect, abs_tol = 1, source = "n C_i / C (largest remainder: within one row)",
}

-- An isospeed target unreachable at p = 1 (the sizes it needs there lie below range's 400), met at
-- p = 2 and 4, which come first: the run ends with the one line of p = 1, after printing the first
-- experiment's tables and the points of the second it solved.
local rlsp = require "kernels.rlsp"
experiment {
  name = "fine", kernel = rlsp, machine = require "machines.ksr1",
  procs = { 1, 2 },
}
experiment {
  name = "too-fast", kernel = rlsp, machine = require "machines.ksr1",
  procs = { 2, 4, 1 },
  scale = isospeed { speed = 5.4e6, range = { 400, 1e12 } },
  report = { "scaled" },
}

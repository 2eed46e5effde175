local rlsp = require "kernels.rlsp"
experiment {
  name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 },
  report = { "scaled", "psy" },
}

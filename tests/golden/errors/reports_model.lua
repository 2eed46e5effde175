-- Model mode has no measurement to show: 'measured' is a measure-mode report.
local rlsp = require "kernels.rlsp"
experiment {
  name = "model", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2, 4 },
  report = { "scaled", "measured" },
}

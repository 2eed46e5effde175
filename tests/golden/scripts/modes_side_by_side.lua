-- One experiment three ways: the matmul kernel has a model, a native implementation and a
-- simulate program, so modes = { "model", "measure", "simulate" } runs each and joins the times.
-- The machine is this host with a switched network whose messages are cheap next to the work,
-- on which the simulated program and the model agree (the model charges what the program does).
local matmul = require "kernels.matmul"
local host = host_machine()
local m = machine {
  name = "this host", speed = host.speed, procs = host.procs,
  network = { kind = "switched", bandwidth = 10e9, latency = 1 * us, overhead = 1 * us },
}
local r = experiment {
  name = "mm-three-ways", machine = m, kernel = matmul { N = 256 }, procs = { 1, 2 },
  modes = { "model", "measure", "simulate" }, repeats = 3, report = { "speedup" },
}
local expect = {}
for _, row in ipairs(r.tables.modes.rows) do expect[#expect + 1] = { row.p, row.T_model } end
check {
  name = "simulate-equals-model", of = "mm-three-ways", table = "modes", key = "p", columns = { "T_simulate" },
  rel_tol = 1e-9, source = "the model charges what the program does", expect = expect,
}

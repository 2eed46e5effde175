-- An external program measured end to end: tests/programs/test_solver sums a series over
-- --threads std::threads and prints a JSON line; scalerun times it at p = 1, 2.
-- The default is the build tree's, relative to this script's folder (as commands are).
local solver = param("solver", "../../../build/tests/programs/test_solver")
local flags = param("flags", "")
local k = kernel {
  name = "test-solver",
  params = { n = param("n", 4e7) },
  work = function(k) return k.n end,
  command = solver .. " --n {n} --threads {p} " .. flags,
}
experiment {
  name = "external", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 3,
  report = { "measured", "speedup", "overhead" },
}

-- A tuning target that is missed (issue 26): the program reports 0.01 s whatever n, so
-- time_bound{ T = 0.005 } is out of reach at every p; the run exits 1, and every table and format
-- must say the target was missed, with the value achieved (T 0.01), and psi must name the points.
local k = kernel {
  name = "flat",
  params = { n = 1000 },
  work = function(k) return k.n end,
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 0.01 + 0 * {n} "}}" }}']],
  timer = "seconds",
}
experiment {
  name = "missed", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 1, warmup = 0, budget = 2,
  scale = time_bound { T = 0.005, vary = "n" },
  report = { "measured", "speedup", "psi" },
}

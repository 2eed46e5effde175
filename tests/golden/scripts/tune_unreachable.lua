-- A tuning target no size can reach: the "program" (awk) reports one second whatever n and p, so
-- the efficiency at p = 2 is 0.5 for every n and E = 0.8 is never met. The run budget ends the
-- search, which must exit 1 with what was reached, and keep the points it measured.
local k = kernel {
  name = "flat",
  params = { n = 1000 },
  work = function(k) return k.n end,
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 1 + 0 * {n} "}}" }}']],
  timer = "seconds",
}
experiment {
  name = "unreachable", mode = "measure", kernel = k, procs = { 1, 2 },
  repeats = 1, warmup = 0, budget = 3,
  scale = efficiency { E = 0.8, vary = "n" },
  report = { "measured" },
}

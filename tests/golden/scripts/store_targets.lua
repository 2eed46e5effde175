-- The same experiment tuned to whichever target --set E names (store_database.sh): two runs with
-- different targets must not be merged by export-extrap unless the user picks runs.
local k = kernel {
  name = "synthetic",
  params = { n = 1000 },
  work = function(k) return k.n end,
  command = [[awk 'BEGIN {{ p = {p}; print "{{\"seconds\": " {n} * 1e-7 / p + 1e-3 * log(p) / log(2) "}}" }}']],
  timer = "seconds",
}
experiment {
  name = "targets", mode = "measure", kernel = k, procs = { 2, 4 }, repeats = 1, warmup = 0, budget = 8,
  scale = efficiency { E = param("E", 0.8), vary = "n" },
  report = { "measured" },
}

-- A tuned pair without p = 1 (issue 26): efficiency{ E = 0.45 } over procs = { 2 } of a program
-- whose time is known exactly, T(n, p) = 1e-7 n/p + 1e-3 log2 p + 2e-3 s (reported by the program
-- itself). The tuned point carries its own one-worker run at its own size: T(1) = T(n, 1) =
-- 1e-7 n + 2e-3, not T(p), and E = T(n, 1)/(2 T(n, 2)): at the n = 11728 the tuner lands on (within the
-- 2 % tolerance of E = 0.45), T(1) = 0.0031728 s, T(2) = 0.0035864 s, E = 0.44234, S = 0.88468.
local k = kernel {
  name = "law",
  params = { n = 1000 },
  work = function(k) return k.n end,
  command = [[awk 'BEGIN {{ p = {p}; n = {n}; printf "{{\"seconds\": %.17g}}\n", 1e-7 * n / p + 1e-3 * log(p) / log(2) + 2e-3 }}']],
  timer = "seconds",
}
experiment {
  name = "pair", mode = "measure", kernel = k, procs = { 2 }, repeats = 1, warmup = 0, budget = 30,
  scale = efficiency { E = 0.45, vary = "n" },
  report = { "measured", "speedup" },
}

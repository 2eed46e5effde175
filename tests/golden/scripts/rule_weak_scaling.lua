-- A weak-scaling program measured as a user meets it (issue 26): an OpenMP-style loop whose time
-- is known exactly, T(n, p) = 1e-7 n/p + 1e-3 log2 p + 2e-3 s (the program reports it itself, so
-- there is no timing noise), sized by memory_bound to 8e5 bytes per worker with memory = 8 n:
-- n = 1e5 p. The one-worker base size is n = 1e5, T(1) = 0.012 s, tc = 1.2e-7 s per unit of work.
-- E follows the rule, W(p) tc/(p T(p)): E(2) = 2e5 1.2e-7/(2 0.013) = 0.9231, E(4) = 4e5 1.2e-7/
-- (4 0.014) = 0.8571 (the old T(1, n1)/(p T(p, np)) gave 0.4615 and 0.2143), S = p E, E_weak =
-- T(1)/T(p), and no Karp-Flatt.
local k = kernel {
  name = "weak-omp",
  params = { n = 100000 },
  work = function(k) return k.n end,
  memory = function(k) return 8 * k.n end,
  command = [[awk 'BEGIN {{ p = {p}; n = {n}; printf "{{\"seconds\": %.17g}}\n", 1e-7 * n / p + 1e-3 * log(p) / log(2) + 2e-3 }}']],
  timer = "seconds",
}
experiment {
  name = "weak", mode = "measure", kernel = k, procs = { 1, 2, 4 }, repeats = 1, warmup = 0,
  scale = memory_bound { per_proc = 8e5, vary = "n" },
  report = { "speedup" },
}
-- The same without the one-worker run at the base size: tc is not measured, so S and E are left
-- empty and the table says why, rather than taking T(1) from another size.
experiment {
  name = "weak-without-one", mode = "measure", kernel = k, procs = { 2, 4 }, repeats = 1, warmup = 0,
  scale = memory_bound { per_proc = 8e5, vary = "n" },
  report = { "speedup" },
}

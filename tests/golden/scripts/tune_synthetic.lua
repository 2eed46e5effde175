-- Efficiency-conserved tuning of a program whose time is known exactly: T(n, p) = n t / p + L(p)
-- with t = 0.1 us and L(p) = 1 ms log2 p (awk computes it, so no timing noise). E = 0.8 needs
-- n t = 4 p L(p): the tuner must land within 2 % at each p with few runs, as the latency step of
-- seed 000 (eq. 3 and 11) predicts the size from one measurement.
local k = kernel {
  name = "synthetic",
  params = { n = 1000 },
  work = function(k) return k.n end,
  command = [[awk 'BEGIN {{ p = {p}; print "{{\"seconds\": " {n} * 1e-7 / p + 1e-3 * log(p) / log(2) "}}" }}']],
  timer = "seconds",
}
experiment {
  name = "synthetic", mode = "measure", kernel = k, procs = { 1, 2, 4, 8 },
  repeats = 1, warmup = 0, budget = 8,
  scale = efficiency { E = 0.8, vary = "n" },
  report = { "measured" },
}
check {
  name = "efficiency reached", of = "synthetic", table = "measured", key = "p", columns = { "E" },
  rel_tol = 0.02, source = "the rule's target, E = 0.8 (1 at p = 1)",
  expect = { { 1, 1 }, { 2, 0.8 }, { 4, 0.8 }, { 8, 0.8 } },
}

-- The same program with its exact law as the model: the search starts at the model's size, and
-- the comparison is made at each tuned point's own size (so the model error is ~0).
experiment {
  name = "synthetic-model", mode = "measure",
  kernel = kernel {
    name = "synthetic-model",
    params = { n = 1000 },
    work = function(k) return k.n end,
    model = function(k, p) return { compute = k.n * 1e-7 / p, latency = 1e-3 * log2(p) } end,
    command = k.command,
    timer = "seconds",
  },
  procs = { 2, 4 }, repeats = 1, warmup = 0, budget = 8,
  scale = efficiency { E = 0.8, vary = "n" },
  report = { "measured", "compare" },
}
check {
  name = "model at the tuned sizes", of = "synthetic-model", table = "compare", key = "p",
  columns = { "error%" }, abs_tol = 0.01, source = "an exact model has no error",
  expect = { { 2, 0 }, { 4, 0 } },
}

-- check{ compare = "at_least" | "at_most" }: findings stated as bounds. Amdahl's law with a serial
-- fraction f bounds the speedup by p / (1 + f (p - 1)) and by 1/f; `--set floor=...` raises the
-- lower bound past what the model reaches, so the check must fail (exit 1).
local f = 0.05
local k = kernel {
  name = "amdahl", params = { n = 1e6, t = 1e-6 }, work = function(k) return k.n end,
  model = function(k, p) return { compute = (1 - f) * k.n * k.t / p, serial = f * k.n * k.t } end,
}
experiment { name = "amdahl", kernel = k, procs = { 1, 2, 4, 8, 16 }, report = { "speedup" } }
local floor = param("floor", 0)
check {
  name = "speedup at least the floor", of = "amdahl", table = "speedup", key = "p", columns = { "S" },
  compare = "at_least", abs_tol = 1e-9, source = "a floor",
  expect = { { 2, floor }, { 16, floor } },
}
check {
  name = "speedup at most 1/f", of = "amdahl", table = "speedup", key = "p", columns = { "S" },
  compare = "at_most", rel_tol = 1e-9, source = "Amdahl's bound 1/f",
  expect = { { 2, 1 / f }, { 4, 1 / f }, { 8, 1 / f }, { 16, 1 / f } },
}

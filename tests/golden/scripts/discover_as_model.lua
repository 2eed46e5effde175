-- A discovered model as a kernel's model: T(p, n) found from data (here exact: n / p of work and a
-- fixed 2 ms a run, start-up on every processor: overhead growing as p), then model mode scales it
-- like any model: the isoefficiency function W ~ p and psi, from the discovered formula.
local rows = {}
for _, n in ipairs { 1e5, 2e5, 4e5, 8e5, 1.6e6 } do
  for _, p in ipairs { 1, 2, 4, 8, 16 } do
    rows[#rows + 1] = { n = n, p = p, time = 1e-6 * n / p + 2e-3 }
  end
end
local m = discover { name = "found", params = { "p", "n" }, data = rows, negative = true }
print("discovered: " .. m.formula)
local k = kernel {
  name = "discovered", size = "n", params = { n = 1e5 },
  work = function(k) return k.n end,
  model = m.model,
}
experiment {
  name = "iso-discovered", kernel = k, procs = { 1, 2, 4, 8, 16, 32, 64 },
  scale = efficiency { E = 0.7 }, report = { "isoefficiency", "psi" },
}
-- The isospeed paper's question on the same discovered model: the sizes that hold 0.5 Mflop/s per
-- processor (W / (p T) = n / (1e-6 n + 2e-3 p) = 5e5, so n = 2000 p) and psi = 1 throughout.
experiment {
  name = "isospeed-discovered", kernel = k, procs = { 1, 2, 4, 8 },
  scale = isospeed { speed = 5e5, vary = "n" }, report = { "scaled", "psi" },
}

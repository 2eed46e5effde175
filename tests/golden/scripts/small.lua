-- A small, fast experiment whose whole output is pinned in every format.
local k = kernel {
  name = "amdahl",
  size = "n",
  params = { n = 10, t = 1e-6, serial = 0.05 },
  work = function(k) return k.n end,
  model = function(k, p, m)
    return { compute = (1 - k.serial) * k.n * k.t / p, serial = k.serial * k.n * k.t, sync = 1e-6 * log2(p) }
  end,
}
experiment {
  name = "small",
  kernel = k,
  procs = { 1, 2, 4 },
  scale = efficiency { E = 0.8 },
  report = { "scaled", "psi", "overhead" },
}

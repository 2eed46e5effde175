-- Under efficiency{} every size has E = 1 at p = 1, so nothing is solved there: the
-- isoefficiency table leaves W and W/W0 empty at p = 1 and starts W(p) at the first solved point,
-- the scaled and psi tables say which size p = 1 keeps.
local k = kernel {
  name = "amdahl",
  size = "n",
  params = { n = 10, t = 1e-6, serial = 0.05 },
  work = function(k) return k.n end,
  model = function(k, p)
    return { compute = (1 - k.serial) * k.n * k.t / p, serial = k.serial * k.n * k.t, sync = 1e-6 * log2(p) }
  end,
}
experiment {
  name = "iso", kernel = k, procs = { 1, 2, 4, 8 },
  scale = efficiency { E = 0.7 }, report = { "scaled", "psi", "isoefficiency" },
}

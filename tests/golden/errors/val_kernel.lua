-- The small Amdahl kernel the val_ cases share (loaded with dofile, so it is not a case itself).
return kernel {
  name = "amdahl", size = "n",
  params = { n = 10, t = 1e-6, serial = 0.05 },
  work = function(k) return k.n end,
  model = function(k, p, m)
    return { compute = (1 - k.serial) * k.n * k.t / p, serial = k.serial * k.n * k.t, sync = 1e-6 * log2(p) }
  end,
}

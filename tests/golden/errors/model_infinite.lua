local k = kernel {
  name = "bad-infinite",
  params = { n = 100 },
  model = function(k, p, m)
    return { compute = k.n / p, comm = k.n/(p-p) }
  end,
}
experiment { name = "infinite", kernel = k, procs = { 1, 2, 4 } }

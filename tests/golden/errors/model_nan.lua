local k = kernel {
  name = "bad-nan",
  params = { n = 100 },
  model = function(k, p, m)
    return { compute = k.n / p, comm = 0/0 }
  end,
}
experiment { name = "nan", kernel = k, procs = { 1, 2, 4 } }

local k = kernel {
  name = "bad-negative",
  params = { n = 100 },
  model = function(k, p, m)
    return { compute = k.n / p, comm = -2 * k.n / p }
  end,
}
experiment { name = "negative", kernel = k, procs = { 1, 2, 4 } }

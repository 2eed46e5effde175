local k = kernel {
  name = "quits", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p)
    if p > 1 then os.exit(7) end
    return { compute = k.n / p }
  end,
}
experiment { name = "quits", kernel = k, procs = { 1, 2 } }

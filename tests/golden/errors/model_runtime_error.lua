local k = kernel {
  name = "buggy",
  params = { n = 10 },
  model = function(k, p, m)
    local t = k.n / p
    return t + k.missing_field * 2
  end,
}
experiment { name = "runtime", kernel = k, procs = { 1, 2 } }

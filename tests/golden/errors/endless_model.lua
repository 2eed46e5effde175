local k = kernel {
  name = "spins",
  params = { n = 10 },
  model = function(k, p, m)
    local x = 0
    while x >= 0 do x = x + 1 end
    return x
  end,
}
experiment { name = "spin", kernel = k, procs = { 1 } }

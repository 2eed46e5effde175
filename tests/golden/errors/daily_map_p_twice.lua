-- p = ... beside a p axis would be ignored: refused at the map's line.
local k = kernel { name = "ideal", params = { n = 100 }, model = function(k, p) return k.n / p end }
map {
  name = "twice", kernel = k, p = 4,
  rows = { param = "p", values = { 1, 2, 4 } },
}

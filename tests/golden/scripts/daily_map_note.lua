-- A map's note names p = ... only when p is not itself an axis.
local k = kernel { name = "ideal", params = { n = 100 }, model = function(k, p) return k.n / p end }
map { name = "over-p", kernel = k, rows = { param = "p", values = { 1, 2, 4 } } }
map { name = "over-n-p", kernel = k, rows = { param = "n", values = { 10, 20 } }, cols = { param = "p", values = { 1, 2 } } }
map { name = "at-p", kernel = k, p = 4, rows = { param = "n", values = { 10, 20 } } }

-- A model returning a string instead of seconds.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/returns_string\.lua:5: .*(number|string)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return "fast" end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

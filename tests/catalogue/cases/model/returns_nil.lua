-- A model that returns nothing.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/returns_nil\.lua:5: .*(nil|number)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

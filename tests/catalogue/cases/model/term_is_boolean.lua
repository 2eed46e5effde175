-- A model term that is a boolean.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/term_is_boolean\.lua:5: .*(number|boolean)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = true } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

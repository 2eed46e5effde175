-- A model term that is a table, not a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/term_is_table\.lua:5: .*(number|table)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return { compute = { 1 } } end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

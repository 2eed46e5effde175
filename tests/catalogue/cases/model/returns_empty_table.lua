-- A model returning an empty table of terms.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/returns_empty_table\.lua:5: .*(term|empty|zero)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) return {} end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

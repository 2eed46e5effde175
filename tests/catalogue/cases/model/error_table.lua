-- error({}) inside a model: one line with the position, never a bare "(error object is a table value)".
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/error_table\.lua:5: .*(error object|table)
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) error({}) end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

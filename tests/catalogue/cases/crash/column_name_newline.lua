-- A column name holding a newline, its function returning nil: the message quotes the name escaped, on one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/column_name_newline\.lua:5: column 'c\\nd' returned nil \(expected a number\)
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, columns = { ["c\nd"] = function(r) return nil end } }  -- <-

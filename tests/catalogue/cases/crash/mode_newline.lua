-- A mode name holding a newline: the message quotes it escaped, on one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/mode_newline\.lua:5: field 'mode': 'model\\nsimulate' is not a mode
local k = kernel { name = "k", params = { n = 8 }, model = function(k, p) return k.n / p end }
experiment { name = "x", kernel = k, procs = { 1, 2 }, mode = "model\nsimulate" }  -- <-

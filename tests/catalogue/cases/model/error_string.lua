-- The model raises its own message.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/error_string\.lua:5: .*model broke
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) error("model broke") end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

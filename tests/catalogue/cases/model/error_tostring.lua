-- An error object with __tostring inside a model: its text, with the position.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/error_tostring\.lua:5: .*custom failure
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) error(setmetatable({}, { __tostring = function() return "custom failure" end })) end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

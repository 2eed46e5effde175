-- Error objects raised in a model or a column (--set where=column): one line at the raising line.
local where = param("where", "model")
local k = kernel {
  name = "objects", params = { n = 1 },
  model = function(k, p)
    if where == "model" then error(setmetatable({}, { __tostring = function() return "model broke" end })) end
    if where == "model_nil" then error(nil) end
    return { t = k.n / p }
  end,
}
experiment {
  name = "objects", kernel = k, procs = { 1, 2 }, scale = fixed {},
  columns = { c = function(k, p) error(setmetatable({}, { __tostring = function() return "column broke" end })) end },
}

-- A column function the script puts in its experiment's columns.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { column = function(marker)
  return function(k, p) evil(marker) return p end
end }

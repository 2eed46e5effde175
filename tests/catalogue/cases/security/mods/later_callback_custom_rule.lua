-- A custom scaling rule whose function runs an experiment when the script's experiment applies it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { rule = function(marker)
  return custom(function(p) evil(marker) return { n = 64 * p } end)
end }

-- A kernel whose model runs an experiment when scalerun evaluates (traces) it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { kernel = function(marker)
  return kernel { name = "k", params = { n = 64 }, work = function(k) return k.n end,
                  model = function(k, p) evil(marker) return k.n / p end }
end }

-- A callback the script hands to a standard function.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { callback = function(marker) return function(...) evil(marker) return ... end end }

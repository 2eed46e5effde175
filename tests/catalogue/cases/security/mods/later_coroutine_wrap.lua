-- The function the script calls is a coroutine.wrap of library code.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { run = coroutine.wrap(function(marker) evil(marker) end) }

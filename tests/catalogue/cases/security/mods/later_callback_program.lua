-- A simulated program that runs an experiment from inside the simulation.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { kernel = function(marker)
  return kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
    if ctx.rank == 0 then evil(marker) end
    ctx:compute(k.n)
  end }
end }

-- A simulated program that removes io and writes a file from inside the simulation.
return { kernel = function(marker)
  return kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
    if ctx.rank == 0 then _ENV.io = nil io.open(marker, "w"):close() end
    ctx:compute(k.n)
  end }
end }

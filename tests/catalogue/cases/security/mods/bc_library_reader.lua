-- load with a reader function that hands out a dumped chunk piece by piece.
local chunk = string.dump(function() return 1 end)
local given = false
local f = assert(load(function()
  if given then return nil end
  given = true
  return chunk
end, "pieces", "bt"))
return { one = f() }

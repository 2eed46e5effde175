-- load with a reader function that hands out a dumped chunk piece by piece.
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local chunk = string.dump(function() return 1 end)
local given = false
local f = must(load(function()
  if given then return nil end
  given = true
  return chunk
end, "pieces", "bt"))
return { one = f() }

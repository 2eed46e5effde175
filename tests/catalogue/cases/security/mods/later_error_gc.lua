-- A function raising an error object with a finalizer; the script drops the error and collects.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { run = function(marker)
  error(setmetatable({}, { __gc = function() evil(marker) end }))
end }

-- A function raising an error object; the script catches it and prints it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
return { run = function(marker)
  error(setmetatable({}, { __tostring = function() evil(marker) return "formatted" end }))
end }

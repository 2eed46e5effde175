-- The experiment runs in a callback of string.gsub (a C function between it and the library).
local marker = require "mods.marker"
local _ = ("x"):gsub(".", function()
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end)
return {}

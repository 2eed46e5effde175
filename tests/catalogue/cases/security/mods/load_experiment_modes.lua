-- modes = { "measure" } takes the same path to a program.
local marker = require "mods.marker"
experiment { name = "evil", modes = { "measure" }, procs = { 1 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
return {}

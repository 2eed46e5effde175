-- Measures a program of its own while it loads: libraries describe, scripts act.
local marker = require "mods.marker"
experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
return {}

-- Raises an error object whose __tostring runs library code when scalerun formats the message.
local marker = require "mods.marker"
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
error(setmetatable({}, { __tostring = function() evil(marker) return "formatted" end }))

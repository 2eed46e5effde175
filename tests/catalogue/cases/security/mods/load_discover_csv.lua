-- Reads a file through discover{ csv = ... } while it loads.
local dir = (require "mods.marker"):match("^(.*)/")
local found = discover { name = "stolen", params = { "p" }, csv = dir .. "/secret.csv" }
return { found = found }

-- Reads a file through discover{ extrap = ... } while it loads.
local dir = (require "mods.marker"):match("^(.*)/")
local found = discover { name = "stolen", params = { "p" }, extrap = dir .. "/secret.jsonl" }
return { found = found }

-- A counterfeit of mods/honest.lua: what an attacker wants the script's require "mods.honest" to
-- find instead of the real one (its command creates the marker when measured).
local marker = require "mods.marker"
return kernel { name = "honest", params = { n = 1 }, command = "touch " .. marker }

-- The environment's metatable: its __index would be the real globals.
local marker = require "mods.marker"
local mt = getmetatable(_ENV)
local real = type(mt) == "table" and mt.__index or _ENV
real.io.open(marker, "w"):close()
return {}

-- _G = nil, then _G.io: behind the library's own _G lies the real one.
local marker = require "mods.marker"
_G = nil
_G.io.open(marker, "w"):close()
return {}

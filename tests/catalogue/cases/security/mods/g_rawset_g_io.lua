-- rawset(_G, "io", nil): _G is the library's environment, the same hole by another name.
local marker = require "mods.marker"
rawset(_G, "io", nil)
io.open(marker, "w"):close()
return {}

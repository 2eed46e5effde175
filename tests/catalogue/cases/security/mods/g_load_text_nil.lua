-- A text chunk through the library's load does the nil trick in the library's environment.
local marker = require "mods.marker"
local real_io = load("io = nil; return io")()
real_io.open(marker, "w"):close()
return {}

-- io = nil, then io.open: a name the library removed must not fall through to the real io.
local marker = require "mods.marker"
io = nil
local f = io.open(marker, "w")
f:write("escaped\n")
f:close()
return {}

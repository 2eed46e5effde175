-- debug = nil, then the registry's globals (LUA_RIDX_GLOBALS = 2): the real _G and its io.
local marker = require "mods.marker"
debug = nil
local globals = debug.getregistry()[2]
globals.io.open(marker, "w"):close()
return {}

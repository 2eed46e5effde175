-- load with an environment the library built: its _G field and its fall-back are the library's.
local marker = require "mods.marker"
local box = setmetatable({}, { __index = function(_, name) return _ENV[name] end })
box._G = box
local found = load("_G.io = nil; return io", "=box", "t", box)()
found.open(marker, "w"):close()
return {}

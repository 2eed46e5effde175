-- debug.sethook would run library code inside every later line of the script.
local marker = require "mods.marker"
debug.sethook(function() end, "l")
return {}

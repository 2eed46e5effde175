-- rawset(_ENV, "_G", nil), then _G.os.execute.
local marker = require "mods.marker"
rawset(_ENV, "_G", nil)
_G.os.execute("touch " .. marker)
return {}

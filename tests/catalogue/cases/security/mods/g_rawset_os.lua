-- rawset(_ENV, "os", nil): no __newindex to stop it, then os.execute.
local marker = require "mods.marker"
rawset(_ENV, "os", nil)
os.execute("touch " .. marker)
return {}

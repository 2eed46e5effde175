-- require "os": the standard module by name.
local marker = require "mods.marker"
require("os").execute("touch " .. marker)
return {}

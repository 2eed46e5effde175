-- require "_G": the real globals by module name.
local marker = require "mods.marker"
require("_G").io.open(marker, "w"):close()
return {}

-- require "debug", then the registry's globals.
local marker = require "mods.marker"
require("debug").getregistry()[2].io.open(marker, "w"):close()
return {}

-- require = nil, then the real require "io".
local marker = require "mods.marker"
require = nil
require("io").open(marker, "w"):close()
return {}

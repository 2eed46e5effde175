-- package.loaded.io: the real io under its module name.
local marker = require "mods.marker"
package.loaded.io.open(marker, "w"):close()
return {}

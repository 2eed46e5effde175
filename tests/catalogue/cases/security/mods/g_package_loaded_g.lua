-- package.loaded._G: the real globals under their module name.
local marker = require "mods.marker"
package.loaded._G.io.open(marker, "w"):close()
return {}

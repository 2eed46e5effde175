-- Clearing package.loaded.io in the real table, then require "io" loads the real one again.
local marker = require "mods.marker"
package.loaded.io = nil
rawset(package.loaded, "io", nil)
local io_again = require "io"
io_again.open(marker, "w"):close()
return {}

-- package.loaded.os: the real os under its module name.
local marker = require "mods.marker"
package.loaded["os"].execute("touch " .. marker)
return {}

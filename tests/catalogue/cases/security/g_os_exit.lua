-- A library calls os.exit while it loads.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|os\.exit)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_os_exit"
print("the library loaded: " .. tostring(lib))

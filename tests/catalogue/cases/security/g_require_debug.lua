-- A library asks require for debug and reaches the registry's globals.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_require_debug"
print("the library loaded: " .. tostring(lib))

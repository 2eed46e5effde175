-- A library asks require for os and starts a program.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_require_os"
print("the library loaded: " .. tostring(lib))

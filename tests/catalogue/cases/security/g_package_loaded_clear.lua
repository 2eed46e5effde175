-- A library clears package.loaded.io, then requires io again.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_package_loaded_clear"
print("the library loaded: " .. tostring(lib))

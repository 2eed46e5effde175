-- A library replaces its environment's metatable, then removes io and opens the marker.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_setmetatable_env"
print("the library loaded: " .. tostring(lib))

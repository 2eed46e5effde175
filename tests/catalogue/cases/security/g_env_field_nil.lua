-- A library sets _ENV.io = nil while it loads, then opens the marker.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_env_field_nil"
print("the library loaded: " .. tostring(lib))

-- A library removes io inside a coroutine, then opens the marker.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_coroutine_nil"
print("the library loaded: " .. tostring(lib))

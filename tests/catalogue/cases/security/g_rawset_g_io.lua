-- A library removes io with rawset(_G, "io", nil), then opens the marker.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_rawset_g_io"
print("the library loaded: " .. tostring(lib))

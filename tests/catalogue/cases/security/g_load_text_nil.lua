-- A library's loaded text chunk removes io and returns what is left behind it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_load_text_nil"
print("the library loaded: " .. tostring(lib))

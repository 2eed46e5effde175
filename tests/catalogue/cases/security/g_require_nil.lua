-- A library sets require = nil, then asks the real require for io.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_require_nil"
print("the library loaded: " .. tostring(lib))

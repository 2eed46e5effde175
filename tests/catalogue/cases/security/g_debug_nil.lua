-- A library sets debug = nil, then reaches the registry's globals: debug must stay out of reach.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_debug_nil"
print("the library loaded: " .. tostring(lib))

-- A library sets _G = nil, then reads io from what _G becomes.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_g_nil"
print("the library loaded: " .. tostring(lib))

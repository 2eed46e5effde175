-- A library reads its environment's metatable to find the real globals behind it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_getmetatable_env"
print("the library loaded: " .. tostring(lib))

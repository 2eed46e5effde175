-- A library removes _G with rawset, then starts a program through _G.os.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_g_rawset_os"
print("the library loaded: " .. tostring(lib))

-- A library calls dofile on a Lua file of its choosing.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_dofile_direct"
print("the library loaded: " .. tostring(lib))

-- A library sets dofile = nil, then runs a file in the real globals.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_dofile_nil"
print("the library loaded: " .. tostring(lib))

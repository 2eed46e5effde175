-- A library loads a chunk with an environment table it built, and asks it for io.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_load_own_env"
print("the library loaded: " .. tostring(lib))

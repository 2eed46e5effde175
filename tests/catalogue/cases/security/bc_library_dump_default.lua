-- A library loads a string.dump of its own function with no mode: binary chunks are refused.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.bc_library_dump_default"
print("the library loaded: " .. tostring(lib))

-- A library loads a chunk named "@tests/catalogue/cases/security/load_chunkname_script.lua" that runs experiment{}: a chunk name is no credential.
-- expect-exit: 2
-- expect: ^(tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua|library chunk [^:]*):[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_chunkname_script"
print("the library loaded: " .. tostring(lib))

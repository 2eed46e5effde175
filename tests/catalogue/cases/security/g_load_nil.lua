-- A library sets load = nil, then loads a chunk: the real load (real globals) must stay out of reach.
-- expect-exit: 2
-- expect: ^(tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua|library chunk [^:]*):[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_load_nil"
print("the library loaded: " .. tostring(lib))

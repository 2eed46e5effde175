-- A library stops the garbage collector while it loads (collectgarbage is not for libraries).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|collectgarbage)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_collectgarbage"
print("the library loaded: " .. tostring(lib))

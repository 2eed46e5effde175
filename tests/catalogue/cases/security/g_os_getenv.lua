-- A library reads the environment with os.getenv (os keeps only time, clock, date, difftime).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|getenv)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.g_os_getenv"
print("the library loaded: " .. tostring(lib))

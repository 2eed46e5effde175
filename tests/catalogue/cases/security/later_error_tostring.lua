-- A library raises an error object whose __tostring runs experiment{} when the message is formatted.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.later_error_tostring"
print("the library loaded: " .. tostring(lib))

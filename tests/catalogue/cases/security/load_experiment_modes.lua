-- A library runs experiment{ modes = { "measure" } } with a command kernel while it loads.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_experiment_modes"
print("the library loaded: " .. tostring(lib))

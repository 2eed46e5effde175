-- A library runs experiment{} with a command kernel while it loads: a program started by a library.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_experiment_command"
print("the library loaded: " .. tostring(lib))

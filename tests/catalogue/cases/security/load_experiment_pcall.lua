-- A library runs experiment{} inside pcall while it loads, and passes a refusal on.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_experiment_pcall"
print("the library loaded: " .. tostring(lib))

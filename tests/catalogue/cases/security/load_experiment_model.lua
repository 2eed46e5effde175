-- A library runs a model-mode experiment{} while it loads: libraries describe, scripts act.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.load_experiment_model"
print("the library loaded: " .. tostring(lib))

-- A library function the script calls later runs experiment{} with a command kernel.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_experiment_command"
lib.run(os.getenv("MARKER"))
print("the library function returned")

-- A library kernel's model runs experiment{} when the script's experiment evaluates it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_callback_model"
experiment { name = "x", machine = require "machines.ksr1", kernel = lib.kernel(os.getenv("MARKER")), procs = { 1, 2 } }

-- A library's custom rule runs experiment{} when the script's experiment applies it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_callback_custom_rule"
experiment { name = "x", machine = require "machines.ksr1", kernel = require "kernels.rlsp", procs = { 1, 2 },
             scale = lib.rule(os.getenv("MARKER")) }

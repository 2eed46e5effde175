-- A library column function runs experiment{} when the script's experiment fills its table.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_callback_columns"
experiment { name = "x", machine = require "machines.ksr1", kernel = require "kernels.rlsp", procs = { 1, 2 },
             columns = { extra = lib.column(os.getenv("MARKER")) } }

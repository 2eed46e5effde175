-- A library kernel-like table whose __index runs experiment{} while the script's experiment reads it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_kernel_index"
local obj = lib.object(os.getenv("MARKER"))
experiment { name = "x", machine = require "machines.ksr1", kernel = obj, procs = { 1, 2 } }
print("the object was used")

-- A library kernel's work function removes os and starts a program when the script's experiment evaluates it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
local lib = require "mods.later_callback_work"
experiment { name = "x", machine = require "machines.ksr1", kernel = lib.kernel(os.getenv("MARKER")), procs = { 1, 2 } }

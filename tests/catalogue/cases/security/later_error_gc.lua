-- A library error object's __gc runs experiment{} after the script dropped the caught error.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_error_gc"
pcall(lib.run, os.getenv("MARKER"))
collectgarbage()
collectgarbage()

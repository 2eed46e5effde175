-- A library object's __gc finalizer runs experiment{} when the script collects garbage.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_gc"
lib.run(os.getenv("MARKER"))
collectgarbage()
collectgarbage()

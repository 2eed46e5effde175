-- A finalizer a library leaves behind while loading runs experiment{} when the script collects garbage.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.later_gc_at_load"
collectgarbage()
collectgarbage()

-- A library replaces coroutine.wrap: shared standard tables are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_coroutine"
assert(coroutine.wrap(function() return 1 end)() == 1, "coroutine.wrap was replaced by a library")
print("the shared table is intact")

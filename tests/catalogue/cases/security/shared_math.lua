-- A library replaces math.floor: shared standard tables are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_math"
assert(math.floor(2.5) == 2, "math.floor was replaced by a library")
print("the shared table is intact")

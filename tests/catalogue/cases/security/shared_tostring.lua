-- A library redefines the global tostring: its writes stay in its own environment.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_tostring"
assert(tostring(5) == "5", "tostring was replaced by a library")
print("the shared table is intact")

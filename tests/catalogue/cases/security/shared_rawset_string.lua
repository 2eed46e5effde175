-- A library rawsets string.format: shared standard tables are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_rawset_string"
assert(string.format("%d", 3) == "3", "string.format was replaced by a library")
print("the shared table is intact")

-- A library replaces table.concat: shared standard tables are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_table"
assert(table.concat({ "a", "b" }) == "ab", "table.concat was replaced by a library")
print("the shared table is intact")

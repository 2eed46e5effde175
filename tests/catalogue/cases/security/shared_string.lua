-- A library replaces string.rep: shared standard tables are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_string"
assert(string.rep("ab", 2) == "abab", "string.rep was replaced by a library")
print("the shared table is intact")

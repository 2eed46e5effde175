-- A library replaces the strings' metatable __index: method calls on strings are not the library's to change.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_string_metatable_index"
assert(("ab"):upper() == "AB", "the string metatable was replaced by a library")
print("the shared table is intact")

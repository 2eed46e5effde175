-- A library changes string.upper through getmetatable("").__index.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_string_metatable_field"
assert(string.upper("ab") == "AB" and ("ab"):upper() == "AB", "string.upper was replaced by a library")
print("the shared table is intact")

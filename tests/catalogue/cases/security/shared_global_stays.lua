-- A library's globals stay in its own environment: the script does not see them.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_global_stays"
assert(rawget(_G, "security_leaked_global") == nil and rawget(_G, "security_leaked_function") == nil, "a library global reached the script")
print("the shared table is intact")

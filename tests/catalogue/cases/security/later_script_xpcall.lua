-- A library message handler tries experiment{} when the script hands it to xpcall: nothing runs; the script chose to catch the error.
-- expect-exit: 0
local lib = require "mods.later_script_xpcall"
local f = lib.callback(os.getenv("MARKER"))
local ok, err = xpcall(error, f, "x")
assert(not ok, "xpcall of error succeeded")
print("xpcall caught: " .. tostring(err))

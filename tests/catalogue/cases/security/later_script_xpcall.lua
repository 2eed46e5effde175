-- A library message handler runs experiment{} when the script hands it to xpcall.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_script_xpcall"
local f = lib.callback(os.getenv("MARKER"))
xpcall(error, f, "x")
print("the callback returned")

-- A library function runs experiment{} when the script calls it through pcall and passes the error on.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_script_pcall"
local f = lib.callback(os.getenv("MARKER"))
local ok, err = pcall(f) if not ok then error(err, 0) end
print("the callback returned")

-- A library error object's __tostring runs experiment{} when the script prints the caught error.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_error_tostring_pcall"
local ok, err = pcall(lib.run, os.getenv("MARKER"))
print("caught: " .. tostring(err))

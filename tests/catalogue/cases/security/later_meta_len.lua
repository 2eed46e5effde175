-- A library object's __len runs experiment{} when the script takes its length.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_len"
local obj = lib.object(os.getenv("MARKER"))
local n = #obj
print("the object was used")

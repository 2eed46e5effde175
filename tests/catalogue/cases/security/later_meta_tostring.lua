-- A library object's __tostring runs experiment{} when the script prints it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_tostring"
local obj = lib.object(os.getenv("MARKER"))
print(obj)
print("the object was used")

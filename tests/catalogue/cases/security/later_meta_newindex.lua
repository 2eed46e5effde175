-- A library object's __newindex runs experiment{} when the script sets a field.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_newindex"
local obj = lib.object(os.getenv("MARKER"))
obj.field = 1
print("the object was used")

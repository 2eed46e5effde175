-- A library object's __index runs experiment{} when the script reads a field.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_index"
local obj = lib.object(os.getenv("MARKER"))
local v = obj.anything
print("the object was used")

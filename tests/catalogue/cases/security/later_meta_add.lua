-- A library object's __add runs experiment{} when the script adds to it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_add"
local obj = lib.object(os.getenv("MARKER"))
local x = obj + 1
print("the object was used")

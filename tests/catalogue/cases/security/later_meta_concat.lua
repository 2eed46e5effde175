-- A library object's __concat runs experiment{} when the script concatenates it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_concat"
local obj = lib.object(os.getenv("MARKER"))
local s = "x" .. obj
print("the object was used")

-- A library object's __pairs runs experiment{} when the script iterates it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_pairs"
local obj = lib.object(os.getenv("MARKER"))
for _ in pairs(obj) do end
print("the object was used")

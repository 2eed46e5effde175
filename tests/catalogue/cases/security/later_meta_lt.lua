-- A library object's __lt runs experiment{} when the script sorts such objects.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_lt"
local obj = lib.object(os.getenv("MARKER"))
table.sort(obj)
print("the object was used")

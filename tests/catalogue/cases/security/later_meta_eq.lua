-- A library object's __eq runs experiment{} when the script compares it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_eq"
local obj = lib.object(os.getenv("MARKER"))
local same = obj[1] == obj[2]
print("the object was used")

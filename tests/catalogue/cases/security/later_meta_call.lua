-- A library object's __call runs experiment{} when the script calls it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_call"
local obj = lib.object(os.getenv("MARKER"))
obj()
print("the object was used")

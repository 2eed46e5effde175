-- A library object's __close runs experiment{} when the script's block ends.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_meta_close"
local obj = lib.object(os.getenv("MARKER"))
do local handle <close> = obj end
print("the object was used")

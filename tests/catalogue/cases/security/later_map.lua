-- A library function the script calls later runs map{}: libraries describe, scripts act.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_map"
lib.run(os.getenv("MARKER"))
print("the library function returned")

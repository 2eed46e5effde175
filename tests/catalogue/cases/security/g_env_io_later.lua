-- A library function called later sets _ENV.io = nil, then opens the marker.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
local lib = require "mods.g_env_io_later"
lib.run(os.getenv("MARKER"))
print("the library function returned")

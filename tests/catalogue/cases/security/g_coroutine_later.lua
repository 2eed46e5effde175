-- A coroutine a library started while loading removes os when the script resumes it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
local lib = require "mods.g_coroutine_later"
lib.run(os.getenv("MARKER"))
print("the library function returned")

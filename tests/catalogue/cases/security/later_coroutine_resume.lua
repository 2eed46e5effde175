-- A coroutine a library parked while loading runs experiment{} when the script resumes it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_coroutine_resume"
lib.run(os.getenv("MARKER"))
print("the library function returned")

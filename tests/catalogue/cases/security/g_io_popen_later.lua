-- A library function called later starts a program with io.popen.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar)
local lib = require "mods.g_io_popen_later"
lib.run(os.getenv("MARKER"))
print("the library function returned")

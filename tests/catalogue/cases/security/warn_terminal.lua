-- A library's warn() writes control characters raw to stderr (clear screen, window title): escaped like print's.
-- expect-exit: 0
-- expect: ^[^[:cntrl:]]*$
-- args: --quiet
local lib = require "mods.warn_terminal"
print("the library loaded: " .. type(lib))

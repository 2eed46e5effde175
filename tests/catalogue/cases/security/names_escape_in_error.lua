-- A library's kernel name with terminal escapes reaches stderr raw in scalerun's own message (OSC title/clipboard, screen clear).
-- expect-exit: 2
-- expect: ^[^]*$
local k = require "mods.names_escape_in_error"
local c = k { bogus = 1 }

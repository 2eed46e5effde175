-- A module with a syntax error: the position is in the module.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/mods/syntax\.lua:[0-9]+: 
local m = require "mods.syntax"

-- A module raising while loading: the line is the module's own.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/mods/raises\.lua:2: module refuses to load
local m = require "mods.raises"

-- A module requiring itself.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/(self_cycle\.lua|mods/self\.lua):[0-9]+: .*cycle
local m = require "mods.self"  -- <-

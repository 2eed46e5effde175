-- A require cycle: named as a cycle, not "C stack overflow".
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/(cycle\.lua|mods/cycle_[ab]\.lua):[0-9]+: .*cycle
local m = require "mods.cycle_a"  -- <-

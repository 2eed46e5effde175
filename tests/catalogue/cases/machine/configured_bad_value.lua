-- A configured copy with memory = -1.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/configured_bad_value\.lua:5: .*memory
local ksr1 = require "machines.ksr1"
local m = ksr1 { memory = -1 }  -- <-

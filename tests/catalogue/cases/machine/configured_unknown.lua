-- A configured copy with a field machines do not have.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/configured_unknown\.lua:5: .*unknown field
local ksr1 = require "machines.ksr1"
local m = ksr1 { memroy = 1 }  -- <-

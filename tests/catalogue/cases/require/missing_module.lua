-- require of a module that does not exist: one line, the searched paths only under --verbose.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/missing_module\.lua:4: .*(machines\.nope|not found)
local m = require "machines.nope"  -- <-

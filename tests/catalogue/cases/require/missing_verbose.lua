-- With --verbose a missing module may list the searched paths after its first line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/missing_verbose\.lua:6: .*machines\.nope
-- args: --verbose
-- lines: many
local m = require "machines.nope"  -- <-

-- speeds lists fewer nodes than count.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/group_speeds_short\.lua:4: .*speeds
local m = machine { name = "a", groups = { { name = "g", count = 3, speeds = { 1e6, 2e6 } } } }  -- <-

-- A group without a speed.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/group_no_speed\.lua:4: .*speed
local m = machine { name = "a", groups = { { name = "g", count = 2 } } }  -- <-

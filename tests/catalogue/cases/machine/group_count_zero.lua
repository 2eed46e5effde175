-- A group of zero nodes.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/group_count_zero\.lua:4: .*count
local m = machine { name = "a", groups = { { name = "g", count = 0, speed = 1e6 } } }  -- <-

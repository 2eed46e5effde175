-- A group of 1.5 nodes.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/group_count_fraction\.lua:4: .*count
local m = machine { name = "a", groups = { { name = "g", count = 1.5, speed = 1e6 } } }  -- <-

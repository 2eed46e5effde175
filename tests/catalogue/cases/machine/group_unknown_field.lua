-- A group field that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/group_unknown_field\.lua:4: .*unknown field
local m = machine { name = "a", groups = { { name = "g", count = 2, speed = 1e6, sped = 1 } } }  -- <-

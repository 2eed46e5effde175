-- groups given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/groups_not_list\.lua:4: .*groups
local m = machine { name = "a", groups = 3 }  -- <-

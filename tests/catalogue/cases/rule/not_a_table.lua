-- A rule called with a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/not_a_table\.lua:4: .*table
local r = isospeed(5)  -- <-

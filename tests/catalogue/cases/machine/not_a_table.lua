-- machine called with a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/not_a_table\.lua:4: .*table
local m = machine("ksr")  -- <-

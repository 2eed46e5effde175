-- A machine name that is a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/name_number\.lua:4: .*name
local m = machine { name = 5 }  -- <-

-- isospeed{} with a field it does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_unknown_field\.lua:4: .*unknown field
local r = isospeed { speed = 1, bogus = 1 }  -- <-

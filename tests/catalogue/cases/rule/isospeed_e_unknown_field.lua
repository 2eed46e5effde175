-- isospeed_e{} with a field it does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_e_unknown_field\.lua:4: .*unknown field
local r = isospeed_e { Es = 1, bogus = 1 }  -- <-

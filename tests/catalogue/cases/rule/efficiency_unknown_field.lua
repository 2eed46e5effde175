-- efficiency{} with a field it does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_unknown_field\.lua:4: .*unknown field
local r = efficiency { E = 1, bogus = 1 }  -- <-

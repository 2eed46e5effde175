-- time_bound{} with a field it does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/time_bound_unknown_field\.lua:4: .*unknown field
local r = time_bound { T = 1, bogus = 1 }  -- <-

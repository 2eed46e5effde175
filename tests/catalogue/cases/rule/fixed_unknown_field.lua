-- fixed{} takes no fields.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/fixed_unknown_field\.lua:4: .*unknown field
local r = fixed { n = 1 }  -- <-

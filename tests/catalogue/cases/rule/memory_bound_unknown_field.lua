-- memory_bound{} with a field it does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/memory_bound_unknown_field\.lua:4: .*unknown field
local r = memory_bound { per_proc = 1, bogus = 1 }  -- <-

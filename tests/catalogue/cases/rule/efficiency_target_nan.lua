-- efficiency{} with a NaN target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_target_nan\.lua:4: .*E
local r = efficiency { E = 0/0 }  -- <-

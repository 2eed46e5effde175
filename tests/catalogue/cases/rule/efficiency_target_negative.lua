-- efficiency{} with a negative target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_target_negative\.lua:4: .*E
local r = efficiency { E = -1 }  -- <-

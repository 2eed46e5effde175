-- An efficiency target above 1.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_above_one\.lua:4: .*E
local r = efficiency { E = 1.5 }  -- <-

-- efficiency{} with vary given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_vary_number\.lua:4: .*vary
local r = efficiency { E = 1, vary = 3 }  -- <-

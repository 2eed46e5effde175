-- isospeed_e{} with vary given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_e_vary_number\.lua:4: .*vary
local r = isospeed_e { Es = 1, vary = 3 }  -- <-

-- isospeed{} with vary given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_vary_number\.lua:4: .*vary
local r = isospeed { speed = 1, vary = 3 }  -- <-

-- A vary ratio of 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/vary_ratio_zero\.lua:4: .*vary
local r = isospeed { speed = 1e6, vary = { n = 0 } }  -- <-

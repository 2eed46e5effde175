-- isospeed{} with a NaN target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_target_nan\.lua:4: .*speed
local r = isospeed { speed = 0/0 }  -- <-

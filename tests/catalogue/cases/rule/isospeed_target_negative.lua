-- isospeed{} with a negative target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_target_negative\.lua:4: .*speed
local r = isospeed { speed = -1 }  -- <-

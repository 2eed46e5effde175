-- isospeed_e{} with a NaN target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_e_target_nan\.lua:4: .*Es
local r = isospeed_e { Es = 0/0 }  -- <-

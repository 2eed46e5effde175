-- isospeed_e{} with a negative target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_e_target_negative\.lua:4: .*Es
local r = isospeed_e { Es = -1 }  -- <-

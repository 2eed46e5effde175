-- isospeed{} with a string target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_target_string\.lua:4: .*speed
local r = isospeed { speed = "high" }  -- <-

-- isospeed_e{} with a string target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/isospeed_e_target_string\.lua:4: .*Es
local r = isospeed_e { Es = "high" }  -- <-

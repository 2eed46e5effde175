-- time_bound{} with a string target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/time_bound_target_string\.lua:4: .*T
local r = time_bound { T = "high" }  -- <-

-- time_bound{} with a NaN target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/time_bound_target_nan\.lua:4: .*T
local r = time_bound { T = 0/0 }  -- <-

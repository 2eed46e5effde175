-- time_bound{} with a negative target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/time_bound_target_negative\.lua:4: .*T
local r = time_bound { T = -1 }  -- <-

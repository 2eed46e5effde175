-- time_bound{} with vary given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/time_bound_vary_number\.lua:4: .*vary
local r = time_bound { T = 1, vary = 3 }  -- <-

-- memory_bound{} with vary given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/memory_bound_vary_number\.lua:4: .*vary
local r = memory_bound { per_proc = 1, vary = 3 }  -- <-

-- memory_bound{} with a NaN target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/memory_bound_target_nan\.lua:4: .*per_proc
local r = memory_bound { per_proc = 0/0 }  -- <-

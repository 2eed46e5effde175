-- memory_bound{} with a negative target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/memory_bound_target_negative\.lua:4: .*per_proc
local r = memory_bound { per_proc = -1 }  -- <-

-- memory_bound{} with a string target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/memory_bound_target_string\.lua:4: .*per_proc
local r = memory_bound { per_proc = "high" }  -- <-

-- A timer that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/timer_unknown\.lua:4: .*timer
local k = kernel { name = "k", command = "true", timer = "sundial" }  -- <-

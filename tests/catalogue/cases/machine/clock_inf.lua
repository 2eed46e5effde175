-- clock = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/clock_inf\.lua:4: .*clock
local m = machine { name = "a", clock = 1/0 }  -- <-

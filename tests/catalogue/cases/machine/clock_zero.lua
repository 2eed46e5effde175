-- clock = 0 cannot be right.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/clock_zero\.lua:4: .*clock
local m = machine { name = "a", clock = 0 }  -- <-

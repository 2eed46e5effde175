-- clock = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/clock_nan\.lua:4: .*clock
local m = machine { name = "a", clock = 0/0 }  -- <-

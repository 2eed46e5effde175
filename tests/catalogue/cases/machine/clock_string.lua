-- clock given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/clock_string\.lua:4: .*clock
local m = machine { name = "a", clock = "fast" }  -- <-

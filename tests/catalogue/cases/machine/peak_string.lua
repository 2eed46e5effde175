-- peak given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/peak_string\.lua:4: .*peak
local m = machine { name = "a", peak = "fast" }  -- <-

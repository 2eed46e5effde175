-- peak = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/peak_nan\.lua:4: .*peak
local m = machine { name = "a", peak = 0/0 }  -- <-

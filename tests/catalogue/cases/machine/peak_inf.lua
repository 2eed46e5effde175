-- peak = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/peak_inf\.lua:4: .*peak
local m = machine { name = "a", peak = 1/0 }  -- <-

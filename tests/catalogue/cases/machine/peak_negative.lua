-- peak < 0 cannot be right.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/peak_negative\.lua:4: .*peak
local m = machine { name = "a", peak = -1 }  -- <-

-- speed = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/speed_inf\.lua:4: .*speed
local m = machine { name = "a", speed = 1/0 }  -- <-

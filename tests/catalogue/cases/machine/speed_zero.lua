-- speed = 0 cannot be right.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/speed_zero\.lua:4: .*speed
local m = machine { name = "a", speed = 0 }  -- <-

-- speed = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/speed_nan\.lua:4: .*speed
local m = machine { name = "a", speed = 0/0 }  -- <-

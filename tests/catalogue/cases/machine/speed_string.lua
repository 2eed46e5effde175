-- speed given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/speed_string\.lua:4: .*speed
local m = machine { name = "a", speed = "fast" }  -- <-

-- memory = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/memory_nan\.lua:4: .*memory
local m = machine { name = "a", memory = 0/0 }  -- <-

-- memory = 0 cannot be right.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/memory_zero\.lua:4: .*memory
local m = machine { name = "a", memory = 0 }  -- <-

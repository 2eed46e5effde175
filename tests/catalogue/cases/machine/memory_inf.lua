-- memory = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/memory_inf\.lua:4: .*memory
local m = machine { name = "a", memory = 1/0 }  -- <-

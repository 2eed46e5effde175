-- memory given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/memory_string\.lua:4: .*memory
local m = machine { name = "a", memory = "fast" }  -- <-

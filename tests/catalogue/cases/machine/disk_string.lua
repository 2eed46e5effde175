-- disk given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/disk_string\.lua:4: .*disk
local m = machine { name = "a", disk = "fast" }  -- <-

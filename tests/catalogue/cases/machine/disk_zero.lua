-- disk = 0 cannot be right.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/disk_zero\.lua:4: .*disk
local m = machine { name = "a", disk = 0 }  -- <-

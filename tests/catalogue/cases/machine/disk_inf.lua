-- disk = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/disk_inf\.lua:4: .*disk
local m = machine { name = "a", disk = 1/0 }  -- <-

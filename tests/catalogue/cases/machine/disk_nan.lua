-- disk = NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/disk_nan\.lua:4: .*disk
local m = machine { name = "a", disk = 0/0 }  -- <-

-- machine{} without its required name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/name_missing\.lua:4: .*name
local m = machine { procs = 4 }  -- <-

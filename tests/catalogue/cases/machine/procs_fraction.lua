-- procs = 2.5: a whole number is needed.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/procs_fraction\.lua:4: .*procs
local m = machine { name = "a", procs = 2.5 }  -- <-

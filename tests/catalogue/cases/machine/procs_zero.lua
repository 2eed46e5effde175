-- procs = 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/procs_zero\.lua:4: .*procs
local m = machine { name = "a", procs = 0 }  -- <-

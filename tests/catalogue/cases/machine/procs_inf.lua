-- procs = inf.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/procs_inf\.lua:4: .*procs
local m = machine { name = "a", procs = 1/0 }  -- <-

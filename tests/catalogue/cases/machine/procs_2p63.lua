-- procs = 2^63, beyond any count.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/procs_2p63\.lua:4: .*procs
local m = machine { name = "a", procs = 2^63 }  -- <-

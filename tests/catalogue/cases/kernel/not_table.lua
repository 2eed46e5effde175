-- kernel{} called with a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/not_table\.lua:4: .*table
local k = kernel "rlsp"  -- <-

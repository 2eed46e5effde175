-- work given as a string.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/work_string\.lua:4: .*work
local k = kernel { name = "k", work = "n^3" }  -- <-

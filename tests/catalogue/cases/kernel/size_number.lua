-- size given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/size_number\.lua:4: .*size
local k = kernel { name = "k", size = 3, params = { n = 1 } }  -- <-

-- native given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/native_number\.lua:4: .*native
local k = kernel { name = "k", native = 7 }  -- <-

-- params given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/params_number\.lua:4: .*params
local k = kernel { name = "k", params = 5 }  -- <-

-- Arithmetic on a string that is not a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/runtime_arith_string\.lua:4: .*(arithmetic|number)
local x = "abc" + 1  -- <-

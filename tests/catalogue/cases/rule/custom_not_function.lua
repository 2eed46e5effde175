-- custom() with a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/custom_not_function\.lua:4: .*custom
local r = custom(5)  -- <-

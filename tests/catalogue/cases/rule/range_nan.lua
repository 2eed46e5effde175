-- range with a NaN bound.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/range_nan\.lua:4: .*range
local r = isospeed { speed = 1e6, range = { 0/0, 1 } }  -- <-

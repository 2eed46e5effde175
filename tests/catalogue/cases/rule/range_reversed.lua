-- range = { hi, lo }.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/range_reversed\.lua:4: .*range
local r = isospeed { speed = 1e6, range = { 1e6, 1 } }  -- <-

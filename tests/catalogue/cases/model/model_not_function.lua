-- model given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/model_not_function\.lua:4: .*model
local k = kernel { name = "m", params = { n = 100 }, model = 5 }  -- <-

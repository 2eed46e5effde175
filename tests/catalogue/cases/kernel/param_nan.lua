-- A parameter default of NaN.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/param_nan\.lua:4: .*(n|NaN|nan)
local k = kernel { name = "k", params = { n = 0/0 } }  -- <-

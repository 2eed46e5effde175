-- A parameter whose value is a function.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/param_function\.lua:4: .*(param|function)
local k = kernel { name = "k", params = { n = function() end } }  -- <-

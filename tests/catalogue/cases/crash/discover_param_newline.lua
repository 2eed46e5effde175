-- discover{} of a parameter name holding a newline: the message quotes it escaped, on one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/discover_param_newline\.lua:4: field 'params': column 'n\\nq'
discover { name = "d", params = { "p", "n\nq" }, data = { { p = 2, n = 1e6, time = 1.9 }, { p = 4, n = 1e6, time = 1.0 } } }  -- <-

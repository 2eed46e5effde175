-- Extra-P text input with the same PARAMETER line twice.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/extrap_parameter_twice\.lua:4: field 'extrap': .*parameter_twice\.txt:3: PARAMETER 'p' is given twice \(first on line 2\)
discover { name = "x", params = { "p" }, extrap = "data/parameter_twice.txt" }  -- <-

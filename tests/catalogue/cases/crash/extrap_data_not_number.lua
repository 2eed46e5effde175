-- Extra-P text input with a word among the DATA values that is no number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/extrap_data_not_number\.lua:4: field 'extrap': .*data_not_number\.txt:6: DATA: 'x2' is not a number
discover { name = "x", params = { "p" }, extrap = "data/data_not_number.txt" }  -- <-

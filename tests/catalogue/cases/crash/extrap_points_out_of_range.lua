-- Extra-P text input with POINTS 1e400: the number is named as out of range, at its line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/extrap_points_out_of_range\.lua:4: field 'extrap': .*points_out_of_range\.txt:3: POINTS: '1e400' is out of range
discover { name = "x", params = { "p" }, extrap = "data/points_out_of_range.txt" }  -- <-

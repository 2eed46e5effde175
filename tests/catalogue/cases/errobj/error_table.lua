-- error({}) at top level: one line with the position.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_table\.lua:4: .*(error object|table)
error({})  -- <-

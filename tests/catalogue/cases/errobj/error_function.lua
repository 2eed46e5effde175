-- error(print): a function as the error object.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_function\.lua:4: .*(function|error)
error(print)  -- <-

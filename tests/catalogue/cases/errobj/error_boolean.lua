-- error(false).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_boolean\.lua:4: .*(boolean|false|error)
error(false)  -- <-

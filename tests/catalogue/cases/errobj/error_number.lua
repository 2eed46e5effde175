-- error(42): a number as the message.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_number\.lua:4: .*42
error(42)  -- <-

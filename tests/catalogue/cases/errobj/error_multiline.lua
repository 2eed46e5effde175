-- A message with newlines still gives one line on stderr.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_multiline\.lua:4: .*first
error("first\nsecond\nthird")  -- <-

-- error(nil) at top level.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_nil\.lua:4: .*(nil|error)
error(nil)  -- <-

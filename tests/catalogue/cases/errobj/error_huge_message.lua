-- A 1 MB error message: one line (may be shortened), no crash.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_huge_message\.lua:4: .*x
error(string.rep("x", 1000000))  -- <-

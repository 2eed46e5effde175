-- Comparing a number with a table.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/runtime_compare\.lua:4: .*compare
if 1 < {} then end  -- <-

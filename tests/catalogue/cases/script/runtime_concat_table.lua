-- Concatenating a table.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/runtime_concat_table\.lua:4: .*concatenate
local x = "a" .. {}  -- <-

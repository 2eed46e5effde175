-- A stray operator where an expression belongs.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/syntax_bad_token\.lua:4: .*(unexpected symbol|near)
local x = * 3  -- <-

-- An unfinished string literal.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/syntax_unclosed_string\.lua:4: .*(unfinished string|string)
local s = "abc  -- <-

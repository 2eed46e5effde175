-- goto to a label that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/syntax_goto_missing\.lua:[0-9]+: .*(label|goto)
goto nowhere  -- <-

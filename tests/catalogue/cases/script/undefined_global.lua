-- A misspelt vocabulary form is an undefined global, named with a suggestion.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/undefined_global\.lua:4: .*(undefined|global).*experimnet
experimnet { name = "x" }  -- <-

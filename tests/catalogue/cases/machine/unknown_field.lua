-- A misspelt field, with a suggestion.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/unknown_field\.lua:4: .*unknown field 'proc'
local m = machine { name = "a", proc = 4 }  -- <-

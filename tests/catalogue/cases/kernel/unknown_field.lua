-- A misspelt model field, with a suggestion.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/unknown_field\.lua:4: .*unknown field 'modle'
local k = kernel { name = "k", modle = function() return 1 end }  -- <-

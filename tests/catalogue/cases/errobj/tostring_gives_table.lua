-- An error object whose __tostring returns a table.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/tostring_gives_table\.lua:4: .*(error|tostring)
error(setmetatable({}, { __tostring = function() return {} end }))  -- <-

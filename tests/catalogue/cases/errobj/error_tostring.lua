-- An error object with __tostring: its text with the position.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/error_tostring\.lua:4: .*my error object
error(setmetatable({}, { __tostring = function() return "my error object" end }))  -- <-

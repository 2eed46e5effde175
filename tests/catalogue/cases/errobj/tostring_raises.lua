-- An error object whose __tostring itself raises.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/errobj/tostring_raises\.lua:4: .*(error|tostring|inner)
error(setmetatable({}, { __tostring = function() error("inner") end }))  -- <-

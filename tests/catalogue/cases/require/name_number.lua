-- require with a table as the name.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/require/name_number\.lua:4: .*(require|string|module)
local m = require({})  -- <-

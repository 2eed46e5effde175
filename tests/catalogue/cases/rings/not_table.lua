-- rings{} given a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/not_table\.lua:4: .*rings
local r = rings(5)  -- <-

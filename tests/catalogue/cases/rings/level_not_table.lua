-- A ring level given as a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/level_not_table\.lua:4: .*(level|table)
local m = machine { name = "a", topology = rings { 32 } }  -- <-

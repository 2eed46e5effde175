-- A topology that is not rings.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/topology_unknown_kind\.lua:4: .*(topology|kind)
local m = machine { name = "a", topology = { kind = "star", levels = {} } }  -- <-

-- A ring level field that does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/unknown_field\.lua:4: .*unknown field
local m = machine { name = "a", topology = rings { { size = 4, latency = 1e-6, hops = 2 } } }  -- <-

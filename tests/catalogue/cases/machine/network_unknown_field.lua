-- A network field the reader does not take.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/network_unknown_field\.lua:4: .*unknown field
local m = machine { name = "a", network = { kind = "bus", latency = 1e-6, bandwidth = 1e9, jitter = 1 } }  -- <-

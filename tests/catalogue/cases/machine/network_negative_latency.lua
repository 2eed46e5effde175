-- A negative network latency.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/network_negative_latency\.lua:4: .*latency
local m = machine { name = "a", network = { kind = "bus", latency = -1e-6, bandwidth = 1e9 } }  -- <-

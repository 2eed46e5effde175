-- A zero network bandwidth.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/network_zero_bandwidth\.lua:4: .*bandwidth
local m = machine { name = "a", network = { kind = "bus", latency = 1e-6, bandwidth = 0 } }  -- <-

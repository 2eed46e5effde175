-- A network kind nobody knows.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/network_unknown_kind\.lua:4: .*kind
local m = machine { name = "a", network = { kind = "warp", latency = 1e-6, bandwidth = 1e9 } }  -- <-

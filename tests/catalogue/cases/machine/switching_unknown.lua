-- An unknown switching technique.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/switching_unknown\.lua:4: .*switching
local m = machine { name = "a", network = { kind = "hypercube", latency = 1e-6, bandwidth = 1e9, switching = "teleport" } }  -- <-

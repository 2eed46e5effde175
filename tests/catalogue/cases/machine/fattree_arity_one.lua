-- A fat tree of arity 1.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/fattree_arity_one\.lua:4: .*arity
local m = machine { name = "a", network = { kind = "fattree", latency = 1e-6, bandwidth = 1e9, arity = 1 } }  -- <-

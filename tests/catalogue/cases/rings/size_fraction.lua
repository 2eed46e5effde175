-- A ring level of size 2.5.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/size_fraction\.lua:4: .*size
local m = machine { name = "a", topology = rings { { size = 2.5, latency = 1e-6 } } }  -- <-

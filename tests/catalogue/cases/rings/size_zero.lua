-- A ring level of size 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/size_zero\.lua:4: .*size
local m = machine { name = "a", topology = rings { { size = 0, latency = 1e-6 } } }  -- <-

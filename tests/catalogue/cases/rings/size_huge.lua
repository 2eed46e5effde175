-- A ring level of 2^63 processors.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/size_huge\.lua:4: .*size
local m = machine { name = "a", topology = rings { { size = 2^63, latency = 1e-6 } } }  -- <-

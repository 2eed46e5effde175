-- A NaN ring latency.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rings/latency_nan\.lua:4: .*latency
local m = machine { name = "a", topology = rings { { size = 4, latency = 0/0 } } }  -- <-

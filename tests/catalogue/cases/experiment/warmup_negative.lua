-- warmup = -1.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/warmup_negative\.lua:5: .*warmup
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, warmup = -1 }  -- <-

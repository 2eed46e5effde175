-- pi with 1e10 samples: far beyond the budget; the kernel's chunks see the deadline.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/native_too_large\.lua(:[0-9]+)?: .*(timed out|run)
-- args: --script-timeout 2
local k = require "kernels.pi" { samples = 1e10 }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

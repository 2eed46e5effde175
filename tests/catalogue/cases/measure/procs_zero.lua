-- Measuring at p = 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/procs_zero\.lua:5: .*procs
local k = require "kernels.pi" { samples = 1000 }
experiment { name = "x", mode = "measure", kernel = k, procs = { 0 }, repeats = 1, warmup = 0 }  -- <-

-- A native parameter error (negative samples) names the script line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/native_param_negative\.lua:5: .*samples
local k = require "kernels.pi" { samples = -5 }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

-- A native parameter of NaN names the script line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/native_param_nan\.lua:(4|5): .*samples
local k = require "kernels.pi" { samples = 0/0 }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

-- A native parameter of 2^63 (beyond any count) names the script line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/native_param_2p63\.lua:5: .*samples
local k = require "kernels.pi" { samples = 2^63 }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

-- A native sweep slow enough to be interrupted after its first points (store_interrupt.sh).
local pi = require "kernels.pi"
experiment {
  name = "int-native", mode = "measure", kernel = pi { samples = param("samples", 3e7) },
  procs = { 1, 2, 3, 4, 5, 6, 7, 8 }, repeats = 3, report = { "measured" },
}

-- A measured sweep long enough to be killed in the middle (see kill_resume.sh).
local pi = require "kernels.pi"
experiment {
  name = "sweep", mode = "measure", kernel = pi { samples = param("samples", 1.5e7) },
  procs = { 1, 2, 3, 4, 5, 6 }, repeats = 3, report = { "measured" },
}

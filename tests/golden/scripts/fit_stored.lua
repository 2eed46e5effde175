-- Calibrate a model from measured runs kept in the results database.
local pi = require "kernels.pi"
for _, samples in ipairs { 1e6, 4e6 } do
  experiment { name = "pi-cal", mode = "measure", kernel = pi { samples = samples }, procs = { 1, 2 },
               repeats = 2, report = { "measured" } }
end
local calibrated = fit { name = "pi-calibration", kernel = pi, params = { "t_sample", "t_combine" }, stored = "pi-cal" }
assert(calibrated.t_sample > 0, "a time per sample comes out positive")

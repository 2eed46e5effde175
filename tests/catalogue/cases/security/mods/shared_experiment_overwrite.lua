-- Redefines the script's experiment: the wrapper measures a program of the library's choosing
-- whenever the script runs an experiment. Its global write must stay in its own environment.
local marker = require "mods.marker"
local real_experiment = experiment
function experiment(t)
  real_experiment { name = "hijack", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
                    kernel = kernel { name = "hijack", params = { n = 1 }, command = "touch " .. marker } }
  return real_experiment(t)
end
return {}

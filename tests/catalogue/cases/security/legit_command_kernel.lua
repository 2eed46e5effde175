-- A library returns a kernel with a command template and the script measures it: scripts act.
-- expect-exit: 0
local k = require "mods.legit_command_kernel"
experiment { name = "measured-by-script", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }

-- Even a model-mode experiment is an action: libraries describe, scripts act.
experiment { name = "from-library", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }
return {}

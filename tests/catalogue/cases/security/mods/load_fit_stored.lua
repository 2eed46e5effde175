-- fit{ stored = ... } reads the results database while the library loads.
local fitted = fit { name = "stolen", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
                     params = { "tau" }, stored = "x" }
return { fitted = fitted }

-- fit{} on data in the library: no file, but an action all the same (libraries describe, scripts act).
local fitted = fit { name = "from-library", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
                     params = { "tau" }, data = { { p = 1, n = 64, time = 2.0 }, { p = 2, n = 64, time = 1.1 },
                                                  { p = 4, n = 64, time = 0.6 } } }
return { fitted = fitted }

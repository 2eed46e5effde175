-- --set with a value that is not a number.
-- expect-exit: 2
-- expect: ^(scalerun|scripts/quickstart\.lua:[0-9]+): .*speed
-- cmdline: scripts/quickstart.lua --set speed=fast
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

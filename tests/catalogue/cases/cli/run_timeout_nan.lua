-- --run-timeout nan.
-- expect-exit: 2
-- expect: ^scalerun: .*--run-timeout
-- cmdline: {script} --run-timeout nan
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- --script-timeout nan.
-- expect-exit: 2
-- expect: ^scalerun: .*--script-timeout
-- cmdline: {script} --script-timeout nan
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

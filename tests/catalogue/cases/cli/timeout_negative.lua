-- --script-timeout -1.
-- expect-exit: 2
-- expect: ^scalerun: .*--script-timeout
-- cmdline: {script} --script-timeout -1
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

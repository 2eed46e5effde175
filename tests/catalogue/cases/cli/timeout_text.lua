-- --script-timeout with a word.
-- expect-exit: 2
-- expect: ^scalerun: .*--script-timeout
-- cmdline: {script} --script-timeout soon
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

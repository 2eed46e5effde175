-- --format without its value.
-- expect-exit: 2
-- expect: ^scalerun: .*--format
-- cmdline: {script} --format
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

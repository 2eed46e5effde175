-- A mode that does not exist.
-- expect-exit: 2
-- expect: ^scalerun: .*--mode
-- cmdline: {script} --mode guess
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

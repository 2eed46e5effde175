-- Options but no script.
-- expect-exit: 2
-- expect: ^scalerun: 
-- cmdline: --format csv
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- A directory given as the script.
-- expect-exit: 2
-- expect: ^scalerun: .*directory
-- cmdline: tests/catalogue
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- show with a run that is not a number.
-- expect-exit: 2
-- expect: ^scalerun( show)?: .*(abc|run)
-- cmdline: show abc --db {tmp}/empty.db
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

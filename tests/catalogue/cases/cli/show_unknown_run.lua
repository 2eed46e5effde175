-- show of a run that does not exist.
-- expect-exit: 2
-- expect: ^scalerun( show)?: .*(999999|run)
-- cmdline: show 999999 --db {tmp}/empty.db
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

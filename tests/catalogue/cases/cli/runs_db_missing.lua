-- runs on a database that does not exist.
-- expect-exit: 2
-- expect: ^scalerun( runs)?: .*(database|nofile)
-- cmdline: runs --db {tmp}/nofile/none.db
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

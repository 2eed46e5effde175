-- export-extrap without its experiment and kernel.
-- expect-exit: 2
-- expect: ^scalerun( export-extrap)?: .*export-extrap
-- cmdline: export-extrap --db {tmp}/empty.db
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

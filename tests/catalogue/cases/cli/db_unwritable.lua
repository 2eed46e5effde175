-- --db in a folder that cannot be created.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/cli/db_unwritable\.lua:[0-9]+: ).*(database|/proc/nope)
-- cmdline: {script} --mode measure --db /proc/nope/x.db
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- --db naming a directory (measure mode opens it).
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/cases/cli/db_directory\.lua:[0-9]+: ).*(tests/catalogue|directory)
-- cmdline: {script} --mode measure --db tests/catalogue
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

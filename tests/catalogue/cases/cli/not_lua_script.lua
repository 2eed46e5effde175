-- A shell script given as the script: a syntax error with its position, or a usage line.
-- expect-exit: 2
-- expect: ^(scalerun: |tests/catalogue/run_case\.sh:[0-9]+: )
-- cmdline: tests/catalogue/run_case.sh
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

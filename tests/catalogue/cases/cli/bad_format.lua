-- A format that does not exist.
-- expect-exit: 2
-- expect: ^scalerun: .*(--format|xml)
-- cmdline: {script} --format xml
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- --out naming an existing file.
-- expect-exit: 2
-- expect: ^scalerun: .*(--out|README)
-- cmdline: {script} --out README.md
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- An unknown option: one line naming it.
-- expect-exit: 2
-- expect: ^scalerun: .*--frobnicate
-- cmdline: {script} --frobnicate
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

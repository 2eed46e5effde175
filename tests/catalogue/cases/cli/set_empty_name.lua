-- --set with an empty name.
-- expect-exit: 2
-- expect: ^scalerun: .*(--set|name)
-- cmdline: {script} --set =5
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

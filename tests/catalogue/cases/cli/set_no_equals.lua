-- --set without =.
-- expect-exit: 2
-- expect: ^scalerun: .*(--set|name=value)
-- cmdline: {script} --set speed
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

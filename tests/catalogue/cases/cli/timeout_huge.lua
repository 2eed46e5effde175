-- --script-timeout 1e10: out of range (today it overflows and times out at once).
-- expect-exit: 2
-- expect: ^scalerun: .*--script-timeout
-- cmdline: {script} --script-timeout 1e10
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- A script that does not exist.
-- expect-exit: 2
-- expect: ^scalerun: .*no_such_script
-- cmdline: tests/catalogue/no_such_script.lua
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

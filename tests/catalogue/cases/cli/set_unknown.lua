-- --set of a param the script does not declare.
-- expect-exit: 2
-- expect: ^scalerun: .*sped
-- cmdline: scripts/quickstart.lua --set sped=1
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

-- A library requires the experiment script as a module: the script must still run its experiments afterwards.
-- expect-exit: 0
local lib = require "mods.shared_script_as_library"
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }

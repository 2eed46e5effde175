-- A library requires shipped machines and kernels and returns configured copies.
-- expect-exit: 0
local lib = require "mods.legit_requires"
experiment { name = "legit", machine = lib.machine, kernel = lib.kernel, procs = { 1, 2 } }

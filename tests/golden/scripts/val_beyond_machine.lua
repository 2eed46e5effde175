-- 5000 processors on the 1088-processor KSR-1: legal (the model extrapolates), but said.
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "ksr", kernel = amdahl, machine = require "machines.ksr1", procs = { 1, 5000 }, scale = fixed {} }

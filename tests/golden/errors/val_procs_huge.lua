-- A processor count that cannot be a machine: refused where it is written (--set big=1e308, 2^63).
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
local big = param("big", math.huge)
experiment { name = "huge", kernel = amdahl, procs = { 1, big }, report = { "speedup" } }

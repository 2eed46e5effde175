-- px_max bounds the search for the fixed-size optimum: -1 (the default here) or 1e15 is refused.
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "px", kernel = amdahl, procs = { 1, 2 }, report = { "speedup" }, px_max = param("px_max", -1) }

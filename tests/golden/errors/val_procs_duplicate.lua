local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "dup", kernel = amdahl, procs = { 1, 2, 4, 2 } }

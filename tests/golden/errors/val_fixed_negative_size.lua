local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "neg", kernel = amdahl { n = -10 }, procs = { 1, 2 }, scale = fixed {} }

-- A large px_max is searched in bounded time: every count up to 4096, a refined geometric grid
-- beyond. The optimum of this model is p = 95 ln 2 / 1e-6, about 6.58e7 (d/dp of 95/p + 1e-6 log2 p).
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "px", kernel = amdahl { n = 1e8 }, procs = { 1, 2 }, scale = fixed {}, report = { "speedup" },
             px_max = 1e9 }

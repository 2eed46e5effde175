-- A first machine set of 99 nodes from a group of one.
local cluster = machine { name = "one server", groups = { { name = "server", count = 1, speed = 1e9 } } }
local amdahl = dofile("tests/golden/errors/val_kernel.lua")
experiment { name = "sets", kernel = amdahl, sets = machine_sets { machine = cluster, start = { server = 99 } } }

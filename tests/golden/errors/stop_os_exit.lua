experiment { name = "before", kernel = require "kernels.pi", procs = { 1, 2 }, report = { "speedup" } }
os.exit(0)

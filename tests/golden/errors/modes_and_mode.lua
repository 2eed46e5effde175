local matmul = require "kernels.matmul"
experiment { name = "x", kernel = matmul { N = 64 }, procs = { 1, 2 }, mode = "model", modes = { "model" } }

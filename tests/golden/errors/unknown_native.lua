local k = kernel { name = "ghost", params = { n = 1 }, native = "ghost" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 } }

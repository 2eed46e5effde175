local k = kernel { name = "solver", params = { n = 10 }, command = "./solver --n {n} --m {m} --threads {p}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 } }

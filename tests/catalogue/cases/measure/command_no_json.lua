-- timer = "seconds" but the program prints no JSON line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_no_json\.lua:5: .*(seconds|JSON|json)
local k = kernel { name = "c", params = { n = 1 }, timer = "seconds", command = "echo hello {n}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

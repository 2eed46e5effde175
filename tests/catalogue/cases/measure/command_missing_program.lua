-- A command whose program does not exist.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_missing_program\.lua:5: .*(no_such_program|not found|exec)
local k = kernel { name = "c", params = { n = 1 }, command = "./no_such_program {n}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

-- A command template naming a parameter the kernel lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_bad_placeholder\.lua:5: .*(\{m\}|placeholder|param)
local k = kernel { name = "c", params = { n = 1 }, command = "true {m} {p}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

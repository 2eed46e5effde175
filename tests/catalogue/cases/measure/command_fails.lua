-- A command that exits with status 3: one line naming the command and its status.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_fails\.lua:5: .*(exit|failed|status)
local k = kernel { name = "c", params = { n = 1 }, command = "false {n}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

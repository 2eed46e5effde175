-- An external command that sleeps: ended with its process group at the budget.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/command_sleeps\.lua(:[0-9]+)?: .*(timed out|run-timeout|run_timeout)
-- args: --script-timeout 2
local k = kernel { name = "c", params = { n = 1 }, command = "sleep 1000 {n}" }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0 }  -- <-

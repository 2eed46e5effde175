-- A program that never yields: stopped at the budget.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/endless\.lua:7: .*timed out
-- args: --script-timeout 1
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  while true do end  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

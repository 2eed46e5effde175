-- error({}) in a program: one line with the program's position.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/error_table\.lua:6: .*(error object|table)
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  error({})  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

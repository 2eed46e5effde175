-- Simulating a kernel that has no program.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/no_program\.lua:6: .*program
local m = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6 } }
local k = kernel { name = "prog", params = { n = 1 }, model = function(k, p) return k.n / p end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }  -- <-

-- os.exit(0) in a program must not exit 0 with no output.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/simulate/os_exit\.lua:6: .*os\.exit
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local k = kernel { name = "prog", params = { n = 8 }, program = function(ctx, k)
  os.exit(0)  -- <-
end }
experiment { name = "s", machine = m, kernel = k, procs = { 4 }, mode = "simulate" }

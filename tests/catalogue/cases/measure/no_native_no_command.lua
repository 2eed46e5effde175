-- Measuring a kernel with neither native nor command.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/measure/no_native_no_command\.lua:5: .*(native|command)
local k = kernel { name = "c", params = { n = 1 }, model = function(k, p) return k.n / p end }
experiment { name = "x", mode = "measure", kernel = k, procs = { 1 } }  -- <-

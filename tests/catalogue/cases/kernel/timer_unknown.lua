-- A timer on a kernel with no external command: nothing would print the figure it names.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/kernel/timer_unknown\.lua:4: .*timer
local k = kernel { name = "k", native = "pi", params = { n = 1000 }, work = function(n) return n end, timer = "sundial" }  -- <-
experiment { name = "x", kernel = k, procs = { 1 }, mode = "measure" }

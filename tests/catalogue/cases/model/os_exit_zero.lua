-- os.exit(0) inside a model must not end the run silently with exit 0.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/model/os_exit_zero\.lua:5: .*os\.exit
local k = kernel { name = "m", size = "n", params = { n = 100 }, work = function(k) return k.n end,
  model = function(k, p, m) os.exit(0) end }  -- <-
experiment { name = "x", kernel = k, procs = { 1, 2 } }

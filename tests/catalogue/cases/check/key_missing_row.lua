-- An expect row whose key the table lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/check/key_missing_row\.lua:7: .*(99|key)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "e", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, scale = isospeed { speed = 3e6 } }
check { name = "c", of = "e", table = "scaled", key = "p", columns = { "n" }, expect = { { 99, 100 } }, rel_tol = 0.1 }  -- <-

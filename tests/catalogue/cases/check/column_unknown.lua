-- Checking a column the table lacks.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/check/column_unknown\.lua:7: .*(zz|column)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "e", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, scale = isospeed { speed = 3e6 } }
check { name = "c", of = "e", table = "scaled", key = "p", columns = { "zz" }, expect = { { 1, 100 } }, rel_tol = 0.1 }  -- <-

-- Checking a table the experiment did not make.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/check/table_unknown\.lua:7: .*(nosuch|table)
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "e", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, scale = isospeed { speed = 3e6 } }
check { name = "c", of = "e", table = "nosuch", key = "p", columns = { "n" }, expect = { { 1, 100 } }, rel_tol = 0.1 }  -- <-

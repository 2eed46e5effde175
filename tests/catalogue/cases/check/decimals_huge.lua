-- decimals = 1e308.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/check/decimals_huge\.lua:7: .*decimals
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
experiment { name = "e", kernel = rlsp, machine = ksr1, procs = { 1, 2 }, scale = isospeed { speed = 3e6 } }
check { name = "c", of = "e", table = "scaled", key = "p", columns = { "n" }, expect = { { 1, 100 } }, decimals = 1e308 }  -- <-

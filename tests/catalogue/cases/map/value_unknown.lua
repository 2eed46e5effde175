-- A value that is no quantity or term.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/map/value_unknown\.lua:6: .*value
local rlsp = require "kernels.rlsp"
local ksr1 = require "machines.ksr1"
map { name = "m", kernel = rlsp, machine = ksr1, rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } }, value = "colour" }  -- <-

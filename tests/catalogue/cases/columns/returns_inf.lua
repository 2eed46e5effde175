-- A column returning inf: legal, but the cell is never silent (its row or a note of its table says why).
-- expect-exit: 0
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) return 1/0 end } }  -- <-

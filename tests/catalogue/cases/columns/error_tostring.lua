-- An error object with __tostring in a column.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/columns/error_tostring\.lua:6: .*column object
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 }, scale = isospeed { speed = 3e6 },
  columns = { c = function(k, p) error(setmetatable({}, { __tostring = function() return "column object" end })) end } }  -- <-

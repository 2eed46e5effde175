-- A misspelt field.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/unknown_field\.lua:5: .*unknown field 'proc'
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, proc = { 1, 2 } }  -- <-

-- A report name that is a number.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/report_number\.lua:5: .*report
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, report = { 3 } }  -- <-

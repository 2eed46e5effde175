-- A misspelt report name, with a suggestion.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/experiment/report_unknown\.lua:5: .*report.*'spedup'
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, procs = { 1, 2 }, report = { "spedup" } }  -- <-

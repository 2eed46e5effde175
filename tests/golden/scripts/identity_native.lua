-- A point's whole identity (issue 26): the same rlsp kernel measured by another native
-- implementation (--set native=householder_unblocked) is another point for --resume.
local rlsp = require "kernels.rlsp"
local native = param("native", "householder", "the native implementation measured")
experiment { name = "ident-native", mode = "measure", kernel = rlsp { native = native, n = 24 }, procs = { 1, 2 },
             repeats = 3, warmup = 0, report = { "measured" } }

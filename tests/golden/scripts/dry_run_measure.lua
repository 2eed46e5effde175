-- A fixed-size measure sweep without p = 1: the run adds the one-worker reference first, so the dry
-- run lists it too (tests/golden/CMakeLists.txt: dry_run_measure).
experiment { name = "pi", mode = "measure", kernel = require "kernels.pi" { samples = 1e6 }, procs = { 2, 4 },
             report = { "measured" } }

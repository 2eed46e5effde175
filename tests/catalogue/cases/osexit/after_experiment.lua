-- os.exit(7) after an experiment must not lose its tables silently.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/osexit/after_experiment\.lua:5: .*os\.exit
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2 } }
os.exit(7)  -- <-

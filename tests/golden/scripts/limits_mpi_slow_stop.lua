-- An MPI job whose ranks ignore SIGTERM (tests/golden/limits.sh): mpirun needs about two seconds
-- to take them down after scalerun's SIGTERM, longer than the watchdog's plain grace, so Ctrl-C
-- must wait for the launcher's stopping time before it can mark the run.
local localhost = require "machines.localhost"
local mark = param("mark", 143, "the sleep's fraction of a second, by which a test finds it")
experiment {
  name = "limits-mpi", mode = "measure", machine = localhost, procs = { 2 }, repeats = 1, warmup = 0,
  kernel = kernel { name = "deaf-ranks", params = { n = 1 }, mpi = ("sh -c 'trap \"\" TERM; exec sleep 1000.%d'"):format(mark) },
}

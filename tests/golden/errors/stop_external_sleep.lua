-- An external program that sleeps far past the budget: its process group is ended with the run.
experiment {
  name = "sleeper", mode = "measure",
  kernel = kernel { name = "sleeper", params = { n = 1 }, work = function(k) return k.n end,
                    command = "sleep 1013 {n}" },
  procs = { 1 }, repeats = 1, warmup = 0,
}

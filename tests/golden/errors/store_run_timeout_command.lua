-- An external command that sleeps past --run-timeout: its process group is killed, one line, exit 2.
local k = kernel { name = "sleeper", params = { n = 1 }, command = "sleep 1000.{n}9" }
experiment {
  name = "too-long", mode = "measure", kernel = k, procs = { 1 }, repeats = 1, warmup = 0,
  report = { "measured" },
}

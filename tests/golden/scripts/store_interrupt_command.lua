-- An external command that returns at once at p = 1 and sleeps for ever above it
-- (store_interrupt.sh): Ctrl-C must end the sleeping child too, not leave it orphaned.
local k = kernel {
  name = "sleeper",
  params = { n = 1 },
  command = "sh -c 'if [ {p} -gt 1 ]; then exec sleep 1000.{n}7; fi'",
}
experiment {
  name = "int-command", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 1, warmup = 0,
  report = { "measured" },
}

-- An external command that returns at once at p = 1 and sleeps at p = 2 (tests/golden/limits.sh):
-- a sweep caught with a point in progress. With --set hang=0 the p = 2 point returns at once too,
-- with the same point key (the command is not part of it), so --resume can finish the sweep.
local hang = param("hang", 1, "1: the p = 2 point sleeps for ever")
local mark = param("mark", 139, "the sleep's fraction of a second, by which a test finds it")
local k = kernel {
  name = "limits-sleeper",
  params = { n = 1 },
  command = hang == 1 and ("sh -c 'if [ {p} -gt 1 ]; then exec sleep 1000.%d; fi'"):format(mark) or "true",
}
experiment {
  name = "limits-command", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 1, warmup = 0,
  report = { "measured" },
}

-- A param() declared only after an earlier experiment's results are read: the check pass stops
-- at that read, so it cannot tell whether --set scale=... is used; the run reads it (exit 0).
local steady = kernel {
  name = "steady", params = { n = 1 },
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 0.3 / {p} "}}" }}']], timer = "seconds",
}
local first = experiment { name = "first", mode = "measure", kernel = steady, procs = { 1 }, repeats = 1,
                           warmup = 0, report = { "measured" } }
local _ = first.name
local scale = param("scale", 1, "read after the first experiment's results")
assert(scale == 2, "--set scale=2 was not read")

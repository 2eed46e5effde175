-- An earlier experiment's results read inside pcall: in the run they exist and the second
-- experiment sweeps p = 1, 2; in the check pass they do not, the pcall fails and the script would
-- give the second experiment no procs. The check pass must not refuse what the run accepts.
local steady = kernel {
  name = "steady", params = { n = 1 },
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 0.3 / {p} "}}" }}']], timer = "seconds",
}
local first = experiment { name = "first", mode = "measure", kernel = steady, procs = { 1 }, repeats = 1,
                           warmup = 0, report = { "measured" } }
local ok = pcall(function() return first.name end)
experiment { name = "second", mode = "measure", kernel = steady, procs = ok and { 1, 2 } or {}, repeats = 1,
             warmup = 0, report = { "measured" } }

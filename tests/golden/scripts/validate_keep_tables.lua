-- A later experiment fails while it runs (its program exits 3 at p = 2): the tables of the first
-- experiment, and of the second's p = 1, are printed and stored before the one line of the error.
-- Each "program" (awk) reports a fixed time: T = 0.4 / p seconds for the first, 0.5 s for the second.
local steady = kernel {
  name = "steady", params = { n = 1 },
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 0.4 / {p} "}}" }}']], timer = "seconds",
}
local breaking = kernel {
  name = "breaking", params = { n = 1 },
  command = [[awk 'BEGIN {{ if ({p} > 1) exit 3; print "{{\"seconds\": 0.5}}" }}']], timer = "seconds",
}
experiment { name = "first", mode = "measure", kernel = steady, procs = { 1, 2 }, repeats = 1, warmup = 0,
             report = { "measured" } }
experiment { name = "second", mode = "measure", kernel = breaking, procs = { 1, 2 }, repeats = 1, warmup = 0,
             report = { "measured" } }

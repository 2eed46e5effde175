-- check{ baseline = "label:NAME" }: the newest run of the experiment tagged --label NAME.
local seconds = param("seconds", 0.1, "the seconds the program reports")
local label = param("baseline", "release", "the label of the baseline run")
local k = kernel {
  name = "timed", params = { n = 1 }, work = function(k) return 1 end,
  command = "sh tests/golden/scripts/fixed_seconds.sh " .. seconds, timer = "seconds",
}
experiment { name = "labelled", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 5, report = { "measured" } }
check { name = "against-label", of = "labelled", baseline = "label:" .. label, tolerance = 0.1 }

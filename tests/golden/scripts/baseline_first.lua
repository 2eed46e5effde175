-- check{ baseline = "previous" } on a database that holds no run of the experiment yet: the first
-- run passes and says that it is now the baseline; the next is compared with it.
local seconds = param("seconds", 0.1, "the seconds the program reports")
local k = kernel {
  name = "timed", params = { n = 1 }, work = function(k) return 1 end,
  command = "sh tests/golden/scripts/fixed_seconds.sh " .. seconds, timer = "seconds",
}
experiment { name = "first", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 5, report = { "measured" } }
check { name = "against-previous", of = "first", baseline = "previous", tolerance = 0.1 }

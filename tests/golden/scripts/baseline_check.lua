-- An experiment as a performance regression test: "reg" runs twice on a program that reports fixed
-- times (0.1 s at p = 1, then `second` s), and check{ baseline = "previous" } compares the newest
-- run with the one before, point by point (U test on the samples, tolerance on the change).
local second = param("second", 0.2, "the second run's reported seconds")
local function timed(seconds)
  return kernel {
    name = "timed", params = { n = 1 }, work = function(k) return 1 end,
    command = "sh tests/golden/scripts/fixed_seconds.sh " .. seconds, timer = "seconds",
  }
end
for _, seconds in ipairs { 0.1, second } do
  experiment { name = "reg", mode = "measure", kernel = timed(seconds), procs = { 1, 2 }, repeats = 5,
               report = { "measured" } }
end
check { name = "no-regression", of = "reg", baseline = "previous", tolerance = 0.1 }

-- The statistics of measured points on fixed run times (tests/golden/scripts/fixed_times.sh), so
-- the "measured" table's mean, sd, interval and outliers and the warnings are the same every time.
local k = kernel {
  name = "fixed-times",
  params = { n = 1 },
  work = function(k) return 1 end,
  command = "sh tests/golden/scripts/fixed_times.sh {p}",
  timer = "seconds",
}
experiment {
  name = "fixed", mode = "measure", kernel = k, procs = { 1, 2, 4 }, warmup = 1, repeats = 5,
  report = { "measured" },
}
